import { reads } from "@/lib/cloud/reads";
import { readRoute } from "../_lib/read-route";

export const GET = readRoute((cloud) => reads.networkVolumes.read(cloud));
