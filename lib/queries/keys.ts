/**
 * Query keys come from one factory per resource; components never write key arrays. A feature
 * adds its factory here (or in `lib/queries/<resource>.ts` beside its hooks) following this shape,
 * so `invalidateQueries({ queryKey: endpointKeys.all })` reaches every endpoint query:
 *
 *   export const endpointKeys = resourceKeys("endpoints");
 *   endpointKeys.list()            // ["endpoints", "list", {}]
 *   endpointKeys.detail(id)        // ["endpoints", "detail", id]
 */
export function resourceKeys<const R extends string>(resource: R) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: <F extends object>(filters: F = {} as F) => [...all, "list", filters] as const,
    details: () => [...all, "detail"] as const,
    detail: (id: string) => [...all, "detail", id] as const,
  };
}

export const endpointKeys = resourceKeys("endpoints");
export const podKeys = resourceKeys("pods");
export const volumeKeys = resourceKeys("volumes");
export const templateKeys = resourceKeys("templates");
export const apiKeyKeys = resourceKeys("api-keys");
export const catalogKeys = resourceKeys("catalog");
export const registryKeys = resourceKeys("registries");
export const jobKeys = {
  ...resourceKeys("jobs"),
  /** Status of one job of one endpoint: job ids are only unique per endpoint. */
  status: (endpointId: string, jobId: string) => ["jobs", "status", endpointId, jobId] as const,
};
export const billingKeys = resourceKeys("billing");
