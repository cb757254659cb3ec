import { listDataCenters } from "@/lib/cloud/catalog";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ dataCenters: await listDataCenters(cloud) }));
