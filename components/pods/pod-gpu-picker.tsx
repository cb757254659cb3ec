"use client";

import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { usd } from "@/components/forms/format";
import { AvailabilityTag, GPU_CARD, passesFloor, VramFilter } from "@/components/forms/gpu-choice";
import type { GpuType } from "@/lib/schemas/catalog";

/**
 * GPU types offered on the chosen cloud as a grid of radio cards (name, VRAM, availability, $/h
 * per GPU), narrowed by a VRAM filter; the chosen card always stays in view.
 */
export function PodGpuPicker({
  offered,
  cloud,
  chosen,
  field,
  error,
}: {
  offered: readonly GpuType[];
  cloud: "SECURE" | "COMMUNITY";
  chosen: string | undefined;
  /** `register("gpu.id")`: every card is a radio of that field. */
  field: UseFormRegisterReturn;
  error?: string;
}) {
  const [floor, setFloor] = useState(0);
  const shown = passesFloor(offered, floor, (g) => g.id === chosen);
  const where = cloud === "COMMUNITY" ? "Community Cloud" : "Secure Cloud";
  return (
    <fieldset
      aria-describedby={error ? "pod-gpu-error pod-gpu-hint" : "pod-gpu-hint"}
      aria-invalid={error ? true : undefined}
      className="space-y-3"
    >
      <legend className="text-sm font-medium">GPU type</legend>
      <p id="pod-gpu-hint" className="text-sm text-neutral-600 dark:text-neutral-400">
        Price per GPU-hour on {where}; only the GPU types offered there are shown.
      </p>
      {error && (
        <p id="pod-gpu-error" className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <VramFilter name="pod-gpu-vram" value={floor} onChange={setFloor} />
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label="GPU types">
        {shown.map((g) => (
          <li key={g.id} className={GPU_CARD}>
            <label className="flex cursor-pointer items-start gap-2">
              <input
                type="radio"
                value={g.id}
                {...field}
                className="mt-0.5 size-4 accent-violet-600"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold">{g.name}</span>{" "}
                  <span className="font-mono">
                    {usd(cloud === "COMMUNITY" ? g.price.community : g.price.secure)}/h
                  </span>
                </span>{" "}
                <span className="block text-neutral-700 dark:text-neutral-300">
                  {g.memory} GB VRAM
                </span>{" "}
                <span className="block">
                  <AvailabilityTag level={g.availability} />
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          No GPU type on {where} has that much VRAM.
        </p>
      )}
    </fieldset>
  );
}
