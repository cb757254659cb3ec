import { listRequests } from "@/lib/cloud/jobs";
import { readRoute } from "../../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => listRequests(cloud, id));
