import { reads } from "@/lib/cloud/reads";
import { readRoute } from "../_lib/read-route";

/** Registry credentials for the container forms' "registry" choice. */
export const GET = readRoute((cloud) => reads.registries.read(cloud));
