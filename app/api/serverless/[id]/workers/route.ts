import { listEndpointWorkers } from "@/lib/cloud/endpoints";
import { readRoute } from "../../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => listEndpointWorkers(cloud, id));
