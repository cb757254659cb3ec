import { listSshKeys } from "@/lib/cloud/ssh-keys";
import { readRoute } from "../../_lib/read-route";

export const GET = readRoute(async (cloud) => ({ keys: await listSshKeys(cloud) }));
