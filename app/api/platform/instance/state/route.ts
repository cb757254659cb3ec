import { getInstanceStateSummary } from "@/lib/cloud/devtools";
import { localReadRoute } from "../../_local-route";

/** Every account's rows per table: the platform answers 403 unless the key is the operator. */
export const GET = localReadRoute((cloud) => getInstanceStateSummary(cloud));
