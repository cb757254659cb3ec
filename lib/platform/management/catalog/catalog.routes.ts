import { z } from "zod";
import {
  CpuCatalogQuery,
  cpuCatalogQueryViolations,
  CpuType,
  DataCenter,
  DataCenterCatalogQuery,
  DataCenterDetailQuery,
  GpuCatalogQuery,
  gpuCatalogQueryViolations,
  GpuType,
  ListCpuTypesResponse,
  ListDataCentersResponse,
  ListGpuTypesResponse,
} from "@/lib/schemas/catalog";
import { IdParam } from "@/lib/schemas/common";
import { problems } from "../../http/problem";
import { InvalidScopeError } from "../../catalog/availability.service";
import { throwIfViolations, violation } from "../../http/rule-violations";
import type { PlatformServices } from "../../platform";
import {
  cpuType,
  dataCenter,
  listCpus,
  listDataCenters,
  listGpus,
  oneGpu,
} from "./catalog.service";
import { cpuFlavorById, dataCenterById, gpuTypeById } from "./catalog-view";

const TAGS = ["Catalog"];
/** The catalogue is readable by any valid key. */
const ACCESS = { need: "read" } as const;

/** `/v2/catalog/{gpus,cpus,datacenters}` (templates belong to the templates module). */
export function registerCatalogRoutes(services: PlatformServices) {
  const { routes, availability } = services;

  routes.add({
    method: "get",
    path: "/v2/catalog/gpus",
    summary:
      "GPU types with prices; include=AVAILABILITY (with product) adds stock, data centers and CUDA versions",
    tags: TAGS,
    access: ACCESS,
    query: GpuCatalogQuery,
    responses: { 200: ListGpuTypesResponse },
    errors: [400, 422],
    handler: async ({ query }) => {
      throwIfViolations(gpuCatalogQueryViolations(query));
      return { status: 200, body: { gpus: listGpus(query, await availability.snapshot()) } };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/catalog/gpus/{id}",
    summary: "One GPU type (same query as the list)",
    tags: TAGS,
    access: ACCESS,
    params: IdParam,
    query: GpuCatalogQuery,
    responses: { 200: GpuType },
    errors: [400, 404, 422],
    handler: async ({ params, query }) => {
      throwIfViolations(gpuCatalogQueryViolations(query));
      const gpu = gpuTypeById(params.id);
      if (!gpu) throw problems.notFound("GPU type");
      return { status: 200, body: oneGpu(gpu, query, await availability.snapshot()) };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/catalog/cpus",
    summary: "CPU flavors with prices; include=AVAILABILITY (with product) adds stock",
    tags: TAGS,
    access: ACCESS,
    query: CpuCatalogQuery,
    responses: { 200: ListCpuTypesResponse },
    errors: [400, 422],
    handler: async ({ query }) => {
      throwIfViolations(cpuCatalogQueryViolations(query));
      return { status: 200, body: { cpus: listCpus(query, await availability.snapshot()) } };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/catalog/cpus/{id}",
    summary: "One CPU flavor",
    tags: TAGS,
    access: ACCESS,
    params: IdParam,
    query: CpuCatalogQuery,
    responses: { 200: CpuType },
    errors: [400, 404, 422],
    handler: async ({ params, query }) => {
      throwIfViolations(cpuCatalogQueryViolations(query));
      const cpu = cpuFlavorById(params.id);
      if (!cpu) throw problems.notFound("CPU flavor");
      return { status: 200, body: cpuType(cpu, query, await availability.snapshot()) };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/catalog/datacenters",
    summary: "Data centers (region, global networking, volume tiers, compliance), filterable",
    tags: TAGS,
    access: ACCESS,
    query: DataCenterCatalogQuery,
    responses: { 200: ListDataCentersResponse },
    errors: [422],
    handler: async ({ query }) => ({
      status: 200,
      body: { dataCenters: listDataCenters(query, await availability.snapshot()) },
    }),
  });

  routes.add({
    method: "get",
    path: "/v2/catalog/datacenters/{id}",
    summary: "One data center",
    tags: TAGS,
    access: ACCESS,
    params: IdParam,
    query: DataCenterDetailQuery,
    responses: { 200: DataCenter },
    errors: [404, 422],
    handler: async ({ params, query }) => {
      const dc = dataCenterById(params.id);
      if (!dc) throw problems.notFound("data center");
      return { status: 200, body: dataCenter(dc, query.include, await availability.snapshot()) };
    },
  });
}

const Override = z.object({ scope: z.string(), level: z.enum(["NONE", "LOW", "MEDIUM", "HIGH"]) });
const Overrides = z.object({ overrides: z.array(Override) });
const SetOverride = z.strictObject({
  /** `*`, `dc:<id>`, `gpu:<id>`, `pool:<id>`, `cpu:<id>`, optionally `@<dc>` (see AvailabilityService). */
  scope: z.string().min(1),
  /** null clears the override. */
  level: z.enum(["NONE", "LOW", "MEDIUM", "HIGH"]).nullable(),
});

/**
 * `/_platform/availability`: fault injection for stock (a pool with NONE cannot place pods or
 * workers). The catalogue is every account's, so these are the operator's.
 */
export function registerAvailabilityControlRoutes(services: PlatformServices) {
  const { routes, availability } = services;
  const hidden = {
    tags: ["Local platform"],
    access: { control: "operator" } as const,
    hidden: true,
  };

  routes.add({
    ...hidden,
    method: "get",
    path: "/_platform/availability",
    summary: "Availability overrides in force",
    responses: { 200: Overrides },
    handler: async () => ({ status: 200, body: { overrides: await availability.listOverrides() } }),
  });

  routes.add({
    ...hidden,
    method: "put",
    path: "/_platform/availability",
    summary: "Set (or with level null clear) one availability override",
    body: SetOverride,
    responses: { 200: Overrides },
    handler: async ({ body }) => {
      try {
        await availability.setOverride(body.scope, body.level);
      } catch (err) {
        if (err instanceof InvalidScopeError) throw violation("scope", err.message);
        throw err;
      }
      return { status: 200, body: { overrides: await availability.listOverrides() } };
    },
  });

  routes.add({
    ...hidden,
    method: "delete",
    path: "/_platform/availability",
    summary: "Clear every availability override",
    responses: { 204: null },
    handler: async () => {
      await availability.clearOverrides();
      return { status: 204 };
    },
  });
}
