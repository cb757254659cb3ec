import { reads } from "@/lib/cloud/reads";
import { readRoute } from "../_lib/read-route";

/** The account's own templates and the official public ones. */
export const GET = readRoute((cloud) => reads.templateChoices.read(cloud));
