"use client";

import { useState, type Ref } from "react";
import { usd, ordinal } from "@/components/forms/format";
import { AvailabilityTag, GPU_CARD, passesFloor, VramFilter } from "@/components/forms/gpu-choice";
import type { GpuPool } from "./gpu-pools";

/**
 * GPU pools as a card grid in priority order: checked pools first (the order workers are placed
 * in, moved with the arrow buttons), then the rest, cheapest first, each with VRAM, its cards,
 * availability and $/s per GPU. The VRAM filter hides unchecked pools below the floor.
 */
export function GpuPoolPicker({
  pools,
  value,
  onChange,
  error,
  inputRef,
}: {
  pools: readonly GpuPool[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [floor, setFloor] = useState(0);
  const byId = new Map(pools.map((p) => [p.id, p]));
  const selected = value.filter((id) => byId.has(id));
  const rest = pools.filter((p) => !selected.includes(p.id));
  const ordered = passesFloor([...selected.map((id) => byId.get(id)!), ...rest], floor, (p) =>
    selected.includes(p.id),
  );

  function toggle(id: string) {
    onChange(selected.includes(id) ? selected.filter((v) => v !== id) : [...selected, id]);
  }
  function move(id: string, by: -1 | 1) {
    const at = selected.indexOf(id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= selected.length) return;
    const next = [...selected];
    [next[at], next[to]] = [next[to]!, next[at]!];
    onChange(next);
  }

  return (
    <fieldset
      aria-describedby={error ? "gpu-pools-error" : "gpu-pools-hint"}
      aria-invalid={error ? true : undefined}
      className="space-y-3"
    >
      <legend className="text-sm font-medium">GPU pools</legend>
      <p id="gpu-pools-hint" className="text-sm text-neutral-600 dark:text-neutral-400">
        Workers start on the first pool with capacity, in the order shown. Prices are per GPU per
        second.
      </p>
      {error && (
        <p id="gpu-pools-error" className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <VramFilter name="gpu-pools-vram" value={floor} onChange={setFloor} />
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label="GPU pools">
        {ordered.map((pool, index) => {
          const rank = selected.indexOf(pool.id);
          const checked = rank >= 0;
          return (
            <li key={pool.id} className={GPU_CARD}>
              <div className="flex items-start gap-2">
                <input
                  id={`pool-${pool.id}`}
                  type="checkbox"
                  checked={checked}
                  onChange={() => toggle(pool.id)}
                  ref={index === 0 ? inputRef : undefined}
                  className="mt-0.5 size-4 accent-violet-600"
                />
                <label htmlFor={`pool-${pool.id}`} className="min-w-0 flex-1 cursor-pointer">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-semibold">{pool.memory} GB</span>{" "}
                    <span className="font-mono">{usd(pool.pricePerSecond)}/s</span>
                  </span>{" "}
                  <span className="block font-mono text-xs break-all text-neutral-600 dark:text-neutral-400">
                    {pool.id}
                  </span>{" "}
                  <span className="block text-neutral-700 dark:text-neutral-300">
                    {pool.gpuNames.join(", ")}
                  </span>{" "}
                  <span className="block">
                    <AvailabilityTag level={pool.availability} />
                  </span>
                </label>
              </div>
              {checked && (
                <div className="mt-2 flex items-center justify-end gap-1 text-xs">
                  <span className="mr-auto font-mono">{ordinal(rank + 1)} choice</span>
                  <button
                    type="button"
                    onClick={() => move(pool.id, -1)}
                    disabled={rank === 0}
                    aria-label={`Move ${pool.id} up`}
                    className="rounded border border-neutral-300 bg-white px-1.5 disabled:opacity-40 dark:border-neutral-700 dark:bg-neutral-900"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    onClick={() => move(pool.id, 1)}
                    disabled={rank === selected.length - 1}
                    aria-label={`Move ${pool.id} down`}
                    className="rounded border border-neutral-300 bg-white px-1.5 disabled:opacity-40 dark:border-neutral-700 dark:bg-neutral-900"
                  >
                    ↓
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
