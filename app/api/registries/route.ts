import { listRegistries } from "@/lib/cloud/registries";
import { readRoute } from "../_lib/read-route";

/** Registry credentials for the container forms' "registry" choice. */
export const GET = readRoute(async (cloud) => ({ registries: await listRegistries(cloud) }));
