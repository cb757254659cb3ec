import type { ReleaseDiffEntry } from "@/lib/schemas/endpoints";

/**
 * A release's field-level diff (`image`, `args`, `env.MODEL`, `gpu.pools`…) in people's words:
 * what the setting is called, and its values as a person would write them ("none", "20 GB",
 * "ADA_24, AMPERE_48") instead of raw JSON (`args: — → ""`).
 */
export interface ReleaseChange {
  /** The setting, e.g. "Image", "Environment variable MODEL". */
  label: string;
  kind: "set" | "added" | "removed" | "changed";
  before: string | null;
  after: string | null;
  /** One sentence for screen readers and copying. */
  sentence: string;
}

const LABELS: Record<string, string> = {
  image: "Image",
  args: "Start command",
  disk: "Container disk",
  ports: "Exposed ports",
  registry: "Registry credential",
  "gpu.pools": "GPU pools",
  "gpu.count": "GPUs per worker",
};

export function releaseFieldLabel(field: string): string {
  if (field.startsWith("env.")) return `Environment variable ${field.slice(4)}`;
  return LABELS[field] ?? field;
}

/** A value as a person reads it; null for "not set". */
export function releaseValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field === "disk" && typeof value === "number") return `${value} GB`;
  if (field === "gpu.count" && typeof value === "number")
    return `${value} GPU${value === 1 ? "" : "s"}`;
  if (typeof value === "string") return value === "" ? "none" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? "none" : value.map((v) => releaseValue(field, v) ?? "").join(", ");
  return JSON.stringify(value);
}

/** `initial`: the endpoint's first release, where every entry is a setting being set. */
export function describeReleaseChange(entry: ReleaseDiffEntry, initial = false): ReleaseChange {
  const label = releaseFieldLabel(entry.field);
  const before = releaseValue(entry.field, entry.old);
  const after = releaseValue(entry.field, entry.new);
  if (before === null && after !== null) {
    const kind = initial ? "set" : "added";
    return {
      label,
      kind,
      before,
      after,
      sentence: `${label} ${kind === "set" ? "set to" : "added:"} ${after}`,
    };
  }
  if (after === null)
    return {
      label,
      kind: "removed",
      before,
      after,
      sentence: `${label} removed (was ${before ?? "not set"})`,
    };
  return {
    label,
    kind: "changed",
    before,
    after,
    sentence: `${label} changed from ${before} to ${after}`,
  };
}
