import { getTemplate } from "@/lib/cloud/templates";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute<{ id: string }>((cloud, { id }) => getTemplate(cloud, id));
