"use client";

import { useState, type Ref } from "react";
import { Input } from "@/components/ui/input";
import type { DataCenter, DataCenterRegion } from "@/lib/schemas/catalog";

export interface DataCenterPickerProps {
  id: string;
  dataCenters: readonly DataCenter[];
  /** Preferred data centers; `[]` lets the scheduler choose. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /**
   * Data centers an attached network volume pins the placement to (volume name by data center):
   * only these can be chosen, and they are always chosen.
   */
  confinedTo?: ReadonlyMap<string, string>;
  /** Says who is placed: "workers" (an endpoint) or "the pod". */
  placed: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const REGION_NAMES: Record<DataCenterRegion, string> = {
  NORTH_AMERICA: "North America",
  SOUTH_AMERICA: "South America",
  EUROPE: "Europe",
  ASIA: "Asia",
  MIDDLE_EAST: "Middle East",
  AFRICA: "Africa",
  OCEANIA: "Oceania",
  ANTARCTICA: "Antarctica",
  UNKNOWN: "Other",
};

/** The catalogue's data centers by region (the catalogue's own field), in the catalogue's order. */
function byRegion(dataCenters: readonly DataCenter[]): [DataCenterRegion, DataCenter[]][] {
  const groups = new Map<DataCenterRegion, DataCenter[]>();
  for (const dc of dataCenters) groups.set(dc.region, [...(groups.get(dc.region) ?? []), dc]);
  return [...groups];
}

/**
 * Data centers from the catalogue as a preference list grouped by region, with a search over ids
 * and names and a "select all" per region, honouring a network volume's confinement.
 */
export function DataCenterPicker(props: DataCenterPickerProps) {
  const { id, dataCenters, value, onChange, confinedTo, placed, error } = props;
  const [query, setQuery] = useState("");
  const confined = confinedTo && confinedTo.size > 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const q = query.trim().toLowerCase();
  const matches = (dc: DataCenter) =>
    !q || dc.id.toLowerCase().includes(q) || dc.name.toLowerCase().includes(q);
  const groups = byRegion(dataCenters)
    .map(([region, dcs]) => [region, dcs.filter(matches)] as const)
    .filter(([, dcs]) => dcs.length > 0);
  const chosen = confined ? confinedTo.size : value.length;
  let first = true;

  return (
    <fieldset
      aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
      aria-invalid={error ? true : undefined}
      className="space-y-3"
    >
      <legend className="text-sm font-medium">Data centers</legend>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <p id={hintId} className="text-sm text-neutral-600 dark:text-neutral-400">
        {confined
          ? `A network volume confines ${placed} to its data center: ${[...confinedTo]
              .map(([dc, volume]) => `${dc} (${volume})`)
              .join(", ")}. Detach the volume to choose others.`
          : `None chosen: the scheduler places ${placed} in any data center with capacity.`}
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-64">
          <label htmlFor={`${id}-search`} className="block text-sm">
            Search data centers
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            // Enter filters; it must not submit the surrounding form.
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            placeholder="e.g. EU or Kansas"
            autoComplete="off"
          />
        </div>
        <p className="text-sm" aria-live="polite" id={`${id}-count`}>
          {chosen} of {dataCenters.length} chosen
        </p>
      </div>
      {groups.length === 0 && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          No data center matches “{query.trim()}”.
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        {groups.map(([region, dcs]) => {
          const name = REGION_NAMES[region];
          const all = dcs.every((dc) => value.includes(dc.id));
          return (
            <fieldset
              key={region}
              className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
            >
              <legend className="float-left text-sm font-medium">{name}</legend>
              <button
                type="button"
                disabled={confined || all}
                onClick={() =>
                  onChange([...value, ...dcs.map((dc) => dc.id).filter((d) => !value.includes(d))])
                }
                className="float-right rounded border border-neutral-300 px-2 py-0.5 text-xs disabled:opacity-50 dark:border-neutral-700"
              >
                Select all<span className="sr-only"> in {name}</span>
              </button>
              <div className="clear-both grid gap-1 pt-2">
                {dcs.map((dc) => {
                  const pinned = confinedTo?.has(dc.id) ?? false;
                  const checked = confined ? pinned : value.includes(dc.id);
                  const ref = first ? props.inputRef : undefined;
                  first = false;
                  return (
                    <label
                      key={dc.id}
                      className="flex items-center gap-2 text-sm has-disabled:text-neutral-500"
                    >
                      <input
                        type="checkbox"
                        className="accent-violet-600"
                        ref={ref}
                        checked={checked}
                        disabled={confined}
                        onChange={(e) =>
                          onChange(
                            e.target.checked ? [...value, dc.id] : value.filter((v) => v !== dc.id),
                          )
                        }
                      />
                      <span>
                        <span className="font-mono">{dc.id}</span>{" "}
                        <span className="text-neutral-600 dark:text-neutral-400">{dc.name}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
