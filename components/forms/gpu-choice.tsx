"use client";

import type { AvailabilityLevel } from "@/lib/schemas/catalog";
import { cx } from "@/components/ui/cx";

/** The VRAM floors the GPU card grids filter by, GB; 0 is "any". */
export const VRAM_FLOORS = [0, 16, 24, 48, 80] as const;

/** A segmented radio group: the least VRAM a card must have to be shown. */
export function VramFilter({
  name,
  value,
  onChange,
}: {
  /** The radios' name, unique on the page (they are not part of the form's values). */
  name: string;
  value: number;
  onChange: (floor: number) => void;
}) {
  return (
    <fieldset className="text-sm">
      <legend className="mb-1 text-neutral-600 dark:text-neutral-400">Minimum VRAM</legend>
      <div className="inline-flex flex-wrap rounded-md border border-neutral-300 dark:border-neutral-700">
        {VRAM_FLOORS.map((floor) => (
          <label
            key={floor}
            className="relative cursor-pointer px-2.5 py-1 first:rounded-l-md last:rounded-r-md has-checked:bg-violet-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-violet-600"
          >
            <input
              type="radio"
              name={name}
              value={floor}
              checked={value === floor}
              onChange={() => onChange(floor)}
              // Over the whole segment, transparent: the segment is the control's hit area.
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
            />
            {floor === 0 ? "Any" : `≥ ${floor} GB`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const AVAILABILITY: Record<AvailabilityLevel, { icon: string; word: string; tone: string }> = {
  HIGH: { icon: "●●●", word: "High availability", tone: "text-emerald-800 dark:text-emerald-300" },
  MEDIUM: {
    icon: "●●○",
    word: "Medium availability",
    tone: "text-emerald-800 dark:text-emerald-300",
  },
  LOW: { icon: "●○○", word: "Low availability", tone: "text-amber-800 dark:text-amber-300" },
  NONE: { icon: "○○○", word: "Unavailable", tone: "text-red-700 dark:text-red-400" },
};

/** Availability as an icon and a word (never colour alone); nothing when the catalogue did not say. */
export function AvailabilityTag({ level }: { level: AvailabilityLevel | undefined }) {
  if (!level)
    return (
      <span className="text-xs text-neutral-600 dark:text-neutral-400">Availability unknown</span>
    );
  const a = AVAILABILITY[level];
  return (
    <span className={cx("inline-flex items-center gap-1 text-xs", a.tone)}>
      <span aria-hidden className="tracking-tighter">
        {a.icon}
      </span>
      {a.word}
    </span>
  );
}

/** The card look shared by both grids: a bordered box whose checked input shows as a violet ring. */
export const GPU_CARD =
  "relative rounded-lg border border-neutral-300 p-3 text-sm has-checked:border-violet-600 has-checked:bg-violet-50 has-checked:ring-1 has-checked:ring-violet-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-violet-600 dark:border-neutral-700 dark:has-checked:bg-violet-950/40";

/** The cards that pass the floor, plus any chosen one (a choice never disappears behind a filter). */
export function passesFloor<T extends { memory: number }>(
  items: readonly T[],
  floor: number,
  chosen: (item: T) => boolean,
): T[] {
  return items.filter((item) => item.memory >= floor || chosen(item));
}
