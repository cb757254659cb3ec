"use client";

import type { Ref } from "react";
import type { DataCenter } from "@/lib/schemas/catalog";

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

/** Data centers from the catalogue as a preference list, honouring a network volume's confinement. */
export function DataCenterPicker(props: DataCenterPickerProps) {
  const { id, dataCenters, value, onChange, confinedTo, placed, error } = props;
  const confined = confinedTo && confinedTo.size > 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium">Data centers</legend>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <p id={hintId} className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {confined
          ? `A network volume confines ${placed} to its data center: ${[...confinedTo]
              .map(([dc, volume]) => `${dc} (${volume})`)
              .join(", ")}. Detach the volume to choose others.`
          : `None chosen: the scheduler places ${placed} in any data center with capacity.`}
      </p>
      <div className="mt-2 grid gap-1 sm:grid-cols-2">
        {dataCenters.map((dc, i) => {
          const pinned = confinedTo?.has(dc.id) ?? false;
          const checked = confined ? pinned : value.includes(dc.id);
          return (
            <label
              key={dc.id}
              className="flex items-center gap-2 text-sm has-disabled:text-neutral-500"
            >
              <input
                type="checkbox"
                className="accent-violet-600"
                ref={i === 0 ? props.inputRef : undefined}
                checked={checked}
                disabled={confined}
                onChange={(e) =>
                  onChange(e.target.checked ? [...value, dc.id] : value.filter((v) => v !== dc.id))
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
}
