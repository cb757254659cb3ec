import type { AccessLevel, KeyPermission, ResourceFamily } from "@/lib/schemas/control";

const RANK: Record<AccessLevel, number> = { none: 0, read: 1, write: 2 };

/**
 * Whether a key may do `need` on a family (and, for serverless, one endpoint).
 * A per-endpoint rule overrides the family for that endpoint.
 */
export function allows(
  permission: KeyPermission,
  family: ResourceFamily,
  need: Exclude<AccessLevel, "none">,
  endpointId?: string,
): boolean {
  switch (permission.type) {
    case "all":
      return true;
    case "read":
      return need === "read";
    case "restricted": {
      const perEndpoint = endpointId !== undefined ? permission.endpoints[endpointId] : undefined;
      const level = perEndpoint ?? permission.families[family] ?? "none";
      return RANK[level] >= RANK[need];
    }
  }
}

/** Whether a restricted key can see any endpoint at all (list answers filter per endpoint). */
export function readableEndpointIds(permission: KeyPermission): "all" | Set<string> {
  if (permission.type !== "restricted") return "all";
  if ((permission.families.serverless ?? "none") !== "none") return "all";
  return new Set(
    Object.entries(permission.endpoints)
      .filter(([, l]) => l !== "none")
      .map(([id]) => id),
  );
}
