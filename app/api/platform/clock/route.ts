import { getClock } from "@/lib/cloud/devtools";
import { localReadRoute } from "../_local-route";

export const GET = localReadRoute((cloud) => getClock(cloud));
