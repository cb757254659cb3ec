"use client";

import type { Ref } from "react";
import { usd, ordinal } from "@/components/forms/format";
import { cx } from "@/components/ui/cx";
import type { GpuPool } from "./gpu-pools";

/**
 * GPU pools in priority order: checked pools first (the order workers are placed in, moved with
 * the arrow buttons), then the rest, cheapest first, each with VRAM, cards and $/s per GPU.
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
  const byId = new Map(pools.map((p) => [p.id, p]));
  const selected = value.filter((id) => byId.has(id));
  const rest = pools.filter((p) => !selected.includes(p.id));
  const ordered = [...selected.map((id) => byId.get(id)!), ...rest];

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
    >
      <legend className="text-sm font-medium">GPU pools</legend>
      <p id="gpu-pools-hint" className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        Workers start on the first pool with capacity, in the order shown. Prices are per GPU per
        second.
      </p>
      {error && (
        <p id="gpu-pools-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <ul className="mt-2 divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {ordered.map((pool, index) => {
          const rank = selected.indexOf(pool.id);
          const checked = rank >= 0;
          return (
            <li
              key={pool.id}
              className={cx(
                "flex items-center gap-3 px-3 py-2 text-sm",
                checked && "bg-violet-50/60 dark:bg-violet-950/30",
              )}
            >
              <input
                id={`pool-${pool.id}`}
                type="checkbox"
                checked={checked}
                onChange={() => toggle(pool.id)}
                ref={index === 0 ? inputRef : undefined}
                className="size-4 accent-violet-600"
              />
              <label
                htmlFor={`pool-${pool.id}`}
                className="flex flex-1 flex-wrap items-baseline gap-x-3"
              >
                <span className="font-medium">{pool.memory} GB</span>
                <span className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                  {pool.id}
                </span>
                <span className="text-neutral-600 dark:text-neutral-400">
                  {pool.gpuNames.join(", ")}
                </span>
                {pool.availability && (
                  <span
                    className={cx(
                      "text-xs",
                      pool.availability === "NONE"
                        ? "text-red-700 dark:text-red-400"
                        : "text-neutral-600 dark:text-neutral-400",
                    )}
                  >
                    availability: {pool.availability.toLowerCase()}
                  </span>
                )}
              </label>
              {checked && (
                <span className="flex items-center gap-1">
                  <span className="w-8 font-mono text-xs" aria-label={`priority ${rank + 1}`}>
                    {ordinal(rank + 1)}
                  </span>
                  <button
                    type="button"
                    onClick={() => move(pool.id, -1)}
                    disabled={rank === 0}
                    aria-label={`Move ${pool.id} up`}
                    className="rounded border border-neutral-300 px-1.5 disabled:opacity-40 dark:border-neutral-700"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    onClick={() => move(pool.id, 1)}
                    disabled={rank === selected.length - 1}
                    aria-label={`Move ${pool.id} down`}
                    className="rounded border border-neutral-300 px-1.5 disabled:opacity-40 dark:border-neutral-700"
                  >
                    ↓
                  </button>
                </span>
              )}
              <span className="w-24 text-right font-mono">{usd(pool.pricePerSecond)}/s</span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
