import { getEndpointHealth } from "@/lib/cloud/endpoints";
import { readRoute } from "../../../_lib/read-route";

/** The endpoint header's live numbers: jobs and workers by state. */
export const GET = readRoute<{ id: string }>((cloud, { id }) => getEndpointHealth(cloud, id));
