import { getEndpoint } from "@/lib/cloud/endpoints";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => getEndpoint(cloud, id));
