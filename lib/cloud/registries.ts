import { ListRegistriesResponse } from "@/lib/schemas/registries";
import type { Cloud } from "./client";

/** `GET /v2/registries`: the account's container registry credentials (names only). */
export async function listRegistries(cloud: Cloud) {
  return (await cloud.request({ path: "/registries", schema: ListRegistriesResponse })).registries;
}
