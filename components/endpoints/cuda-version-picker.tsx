"use client";

import type { Ref } from "react";

export interface CudaVersionPickerProps {
  /** CUDA versions the chosen pools offer (from the GPU catalogue), ascending. */
  offered: readonly string[];
  /** Pinned versions; `[]` allows any version. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Whether any GPU pool is chosen (without one, nothing is offered yet). */
  poolsChosen: boolean;
  /** The chosen template's pins, which apply when nothing is checked (create from a template). */
  templatePins?: readonly string[];
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const ID = "endpoint-cuda";

/**
 * Allowed CUDA versions as checkboxes of what the chosen pools offer; none checked means any. A
 * pinned version the pools do not offer (the pools changed, or a stored pin) stays listed, checked
 * and marked, so it can be unchecked.
 */
export function CudaVersionPicker(props: CudaVersionPickerProps) {
  const { offered, value, onChange, poolsChosen, templatePins, error } = props;
  const versions = [...offered, ...value.filter((v) => !offered.includes(v))];
  const hintId = `${ID}-hint`;
  const errorId = `${ID}-error`;
  const fallback = templatePins?.length
    ? `None checked: the template's ${templatePins.join(", ")}.`
    : "None checked: any version.";
  return (
    <fieldset
      aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium">Allowed CUDA versions</legend>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <p id={hintId} className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {poolsChosen
          ? `Workers start only on hosts with a checked version. Offered by the chosen pools: ${
              offered.join(", ") || "none"
            }. ${fallback}`
          : `Choose a GPU pool to see the CUDA versions it offers. ${fallback}`}
      </p>
      {versions.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {versions.map((version, i) => {
            const unoffered = !offered.includes(version);
            return (
              <label key={version} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="accent-violet-600"
                  ref={i === 0 ? props.inputRef : undefined}
                  checked={value.includes(version)}
                  onChange={(e) =>
                    // Kept in the listed (ascending) order whatever the order of the clicks.
                    onChange(
                      versions.filter((v) =>
                        v === version ? e.target.checked : value.includes(v),
                      ),
                    )
                  }
                />
                <span>
                  CUDA <span className="font-mono">{version}</span>
                  {unoffered && (
                    <span className="text-amber-700 dark:text-amber-400">
                      {" "}
                      (not offered by the chosen pools)
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
