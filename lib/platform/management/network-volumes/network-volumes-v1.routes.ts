import {
  CreateNetworkVolumeV1Input,
  ListNetworkVolumesV1Response,
  NetworkVolumeV1,
  UpdateNetworkVolumeV1Input,
} from "@/lib/schemas/network-volumes";
import { z } from "zod";
import type { PlatformServices } from "../../platform";
import { toNetworkVolumeV1 } from "./network-volumes.repository";
import { registerVolumeApi } from "./volume-api";

const ITEM = "/v1/networkvolumes/{networkVolumeId}";

/**
 * `/v1/networkvolumes`: the older volume API (seed "Create a network volume"). Same service and
 * rules as v2; answers keep v1's shapes (200 on create, `dataCenterId`, bare arrays). Errors stay
 * problem+json like everywhere else on the platform: one error format.
 */
export function registerNetworkVolumeV1Routes(services: PlatformServices) {
  registerVolumeApi(services, {
    api: "v1",
    tags: ["Network Volumes (v1)"],
    collection: "/v1/networkvolumes",
    item: ITEM,
    params: z.object({ networkVolumeId: z.string().min(1) }),
    volumeId: (params) => params.networkVolumeId,
    resource: NetworkVolumeV1,
    toResource: toNetworkVolumeV1,
    list: {
      summary: "List network volumes (v1)",
      response: ListNetworkVolumesV1Response,
      body: (volumes) => volumes,
    },
    create: {
      summary: "Create a network volume (v1; volumes over 4 TB are arranged with support)",
      body: CreateNetworkVolumeV1Input,
      status: 200,
      input: (body) => body,
    },
    get: { summary: "Get a network volume (v1)" },
    update: {
      summary: "Rename or grow a network volume (v1; the new size must exceed the current one)",
      body: UpdateNetworkVolumeV1Input,
      routes: [
        ["patch", ITEM],
        ["post", `${ITEM}/update`],
      ],
    },
    delete: { summary: "Delete a network volume (v1)" },
  });
}
