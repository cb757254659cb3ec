import { getPod } from "@/lib/cloud/pods";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => getPod(cloud, id));
