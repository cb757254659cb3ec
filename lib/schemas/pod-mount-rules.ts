import type { Mounts, RuleViolation } from "./common";

// A pod's mount rules that are 400s rather than schema violations (the seed and reference say
// which). Plain functions, without zod, so the pod edit form checks them without the schemas.

export type MountKind = "persistent" | "network";

/** The kind a stored or requested mounts object holds; `network: []` holds none. */
export function mountKind(mounts: Mounts | undefined): MountKind | null {
  if (mounts?.persistent) return "persistent";
  if (mounts?.network && mounts.network.length > 0) return "network";
  return null;
}

/** Create and PATCH: at most one of `persistent` and `network`. */
export function mountViolations(mounts: Mounts | undefined): RuleViolation[] {
  if (mounts?.persistent && mounts.network !== undefined) {
    return [{ path: "mounts", message: "persistent and network cannot both be set" }];
  }
  return [];
}

/**
 * PATCH rules against the stored mounts: `network: []` cannot clear; the kind is fixed at creation;
 * a network mount's `volumeId` is immutable. Omitted or `{}` means unchanged and is always fine.
 */
export function mountPatchViolations(stored: Mounts, patch: Mounts | undefined): RuleViolation[] {
  if (patch === undefined) return [];
  const both = mountViolations(patch);
  if (both.length > 0) return both;
  if (patch.network !== undefined && patch.network.length === 0) {
    return [
      { path: "mounts.network", message: "cannot be empty: clearing mounts is not supported" },
    ];
  }
  const requested = mountKind(patch);
  if (requested === null) return [];
  const current = mountKind(stored);
  if (requested !== current) {
    const has = current === null ? "no mount" : `a ${current} mount`;
    return [
      {
        path: `mounts.${requested}`,
        message: `cannot be added: the mount kind is fixed at creation and this pod has ${has}`,
      },
    ];
  }
  const storedVolume = stored.network?.[0]?.volumeId;
  const requestedVolume = patch.network?.[0]?.volumeId;
  if (requested === "network" && requestedVolume !== storedVolume) {
    return [
      {
        path: "mounts.network[0].volumeId",
        message: "is immutable: a network mount cannot change volume",
      },
    ];
  }
  return [];
}

/** The stored mounts after a PATCH that passed `mountPatchViolations` (same kind, new size or path). */
export function applyMountPatch(stored: Mounts, patch: Mounts | undefined): Mounts {
  if (patch?.persistent) return { persistent: patch.persistent };
  if (patch?.network && patch.network.length > 0) return { network: patch.network };
  return stored;
}
