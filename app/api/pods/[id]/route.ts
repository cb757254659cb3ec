import { reads } from "@/lib/cloud/reads";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => reads.pod(id).read(cloud));
