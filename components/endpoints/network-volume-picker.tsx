"use client";

import type { NetworkVolume } from "@/lib/schemas/network-volumes";

/** Data center → name of the attached volume there (the seed allows one per data center). */
export function volumeDataCenters(
  volumes: readonly NetworkVolume[],
  attached: readonly string[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of attached) {
    const volume = volumes.find((v) => v.id === id);
    if (volume && !out.has(volume.dataCenter)) out.set(volume.dataCenter, volume.name);
  }
  return out;
}

/**
 * Network volumes for an endpoint's workers, at most one per data center: once a volume of a data
 * center is attached, the others there are disabled with the reason.
 */
export function NetworkVolumePicker({
  volumes,
  value,
  onChange,
  error,
}: {
  volumes: readonly NetworkVolume[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const taken = volumeDataCenters(volumes, value);
  return (
    <fieldset aria-describedby="endpoint-volumes-hint">
      <legend className="text-sm font-medium">Network volumes</legend>
      <p id="endpoint-volumes-hint" className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        Workers see the volume of their data center at /platform-volume. At most one volume per data
        center; attaching a volume confines workers to the data centers of the attached volumes.
      </p>
      {volumes.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          None yet. Create one under Storage.
        </p>
      ) : (
        <div className="mt-2 space-y-1">
          {volumes.map((v) => {
            const checked = value.includes(v.id);
            const blockedBy = !checked ? taken.get(v.dataCenter) : undefined;
            return (
              <label
                key={v.id}
                className="flex items-center gap-2 text-sm has-disabled:text-neutral-500"
              >
                <input
                  type="checkbox"
                  className="accent-violet-600"
                  checked={checked}
                  disabled={blockedBy !== undefined}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...value, v.id] : value.filter((id) => id !== v.id),
                    )
                  }
                />
                {v.name}{" "}
                <span className="text-neutral-600 dark:text-neutral-400">
                  ({v.size} GB, {v.dataCenter})
                  {blockedBy !== undefined &&
                    ` — ${blockedBy} is already attached in ${v.dataCenter}: one volume per data center`}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
    </fieldset>
  );
}
