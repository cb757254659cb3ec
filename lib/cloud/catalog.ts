import { ListDataCentersResponse, ListGpuTypesResponse, type Product } from "@/lib/schemas/catalog";
import { ListTemplatesResponse, type CatalogTemplateSource } from "@/lib/schemas/templates";
import type { Cloud } from "./client";

/**
 * `GET /v2/catalog/gpus`: every GPU type with its serverless pool and prices; with `product`,
 * also its availability and CUDA versions for that product (`include=AVAILABILITY`).
 */
export async function listGpuTypes(cloud: Cloud, product?: Product) {
  const query = product ? { include: "AVAILABILITY", product } : undefined;
  return (await cloud.request({ path: "/catalog/gpus", query, schema: ListGpuTypesResponse })).gpus;
}

/** `GET /v2/catalog/datacenters`: data centers with the volume tiers they offer. */
export async function listDataCenters(cloud: Cloud) {
  return (await cloud.request({ path: "/catalog/datacenters", schema: ListDataCentersResponse }))
    .dataCenters;
}

/** `GET /v2/catalog/templates`: public templates of one source. */
export async function listCatalogTemplates(
  cloud: Cloud,
  source: CatalogTemplateSource = "official",
) {
  return (
    await cloud.request({
      path: "/catalog/templates",
      query: { source },
      schema: ListTemplatesResponse,
    })
  ).templates;
}
