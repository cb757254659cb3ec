import {
  catalogKeys,
  endpointKeys,
  podKeys,
  registryKeys,
  templateKeys,
  volumeKeys,
} from "@/lib/queries/keys";
import { listDataCenters, listGpuTypes, listCatalogTemplates } from "./catalog";
import type { Cloud } from "./client";
import { getEndpoint } from "./endpoints";
import { listNetworkVolumes } from "./network-volumes";
import { getPod } from "./pods";
import { listRegistries } from "./registries";
import { assertServer } from "./server-only";
import { getTemplate, listTemplates } from "./templates";

assertServer("lib/cloud/reads");

/**
 * A read the browser makes through a route handler (`/api/...`) under a query key, defined once:
 * the route handler answers it, and a server page can make it ahead (`<Prefetched>`) so the
 * page's HTML already holds the data — the same bytes, under the same key, as the browser's read.
 */
export interface Read<T = unknown> {
  queryKey: readonly unknown[];
  read: (cloud: Cloud) => Promise<T>;
}

export type GpuProduct = "serverless" | "pod";

export const reads = {
  dataCenters: {
    queryKey: catalogKeys.list({ kind: "datacenters" }),
    read: async (cloud: Cloud) => ({ dataCenters: await listDataCenters(cloud) }),
  },
  gpuTypes: (forProduct?: GpuProduct) => ({
    queryKey: catalogKeys.list({ kind: "gpus", for: forProduct ?? "any" }),
    read: async (cloud: Cloud) => ({
      gpus: await listGpuTypes(
        cloud,
        forProduct === "serverless" ? "SERVERLESS" : forProduct === "pod" ? "POD" : undefined,
      ),
    }),
  }),
  networkVolumes: {
    queryKey: volumeKeys.list(),
    read: async (cloud: Cloud) => ({ networkVolumes: await listNetworkVolumes(cloud) }),
  },
  /** Registry credentials for the container forms' "registry" choice. */
  registries: {
    queryKey: registryKeys.list(),
    read: async (cloud: Cloud) => ({ registries: await listRegistries(cloud) }),
  },
  /** The account's own templates and the official public ones, read in parallel. */
  templateChoices: {
    queryKey: templateKeys.list({ with: "public" }),
    read: async (cloud: Cloud) => {
      const [own, publicTemplates] = await Promise.all([
        listTemplates(cloud),
        listCatalogTemplates(cloud, "official"),
      ]);
      return { templates: own, publicTemplates };
    },
  },
  endpoint: (id: string) => ({
    queryKey: endpointKeys.detail(id),
    read: (cloud: Cloud) => getEndpoint(cloud, id),
  }),
  pod: (id: string) => ({
    queryKey: podKeys.detail(id),
    read: (cloud: Cloud) => getPod(cloud, id),
  }),
  template: (id: string) => ({
    queryKey: templateKeys.detail(id),
    read: (cloud: Cloud) => getTemplate(cloud, id),
  }),
} satisfies Record<string, Read | ((...args: never[]) => Read)>;
