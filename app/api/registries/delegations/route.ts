import { listDelegations } from "@/lib/cloud/registries";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ delegations: await listDelegations(cloud) }));
