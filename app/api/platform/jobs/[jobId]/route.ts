import { getJobDetail } from "@/lib/cloud/devtools";
import { localReadRoute } from "../../_local-route";

export const GET = localReadRoute<{ jobId: string }>((cloud, { jobId }) =>
  getJobDetail(cloud, jobId),
);
