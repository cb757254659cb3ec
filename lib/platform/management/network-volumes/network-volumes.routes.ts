import {
  CreateNetworkVolumeInput,
  ListNetworkVolumesResponse,
  NetworkVolume,
  UpdateNetworkVolumeInput,
} from "@/lib/schemas/network-volumes";
import { IdParam } from "@/lib/schemas/common";
import type { PlatformServices } from "../../platform";
import { toNetworkVolume } from "./network-volumes.repository";
import { registerVolumeApi } from "./volume-api";

/** `/v2/network-volumes`. */
export function registerNetworkVolumeRoutes(services: PlatformServices) {
  registerVolumeApi(services, {
    api: "v2",
    tags: ["Network Volumes"],
    collection: "/v2/network-volumes",
    item: "/v2/network-volumes/{id}",
    params: IdParam,
    volumeId: (params) => params.id,
    resource: NetworkVolume,
    toResource: toNetworkVolume,
    list: {
      summary: "List network volumes",
      response: ListNetworkVolumesResponse,
      body: (networkVolumes) => ({ networkVolumes }),
    },
    create: {
      summary: "Create a network volume (tier defaults to the data center's primary tier)",
      body: CreateNetworkVolumeInput,
      status: 201,
      input: (body) => ({
        name: body.name,
        size: body.size,
        dataCenterId: body.dataCenter,
        type: body.type,
      }),
    },
    get: { summary: "Get a network volume" },
    update: {
      summary: "Rename a network volume or grow it (never shrink)",
      body: UpdateNetworkVolumeInput,
      routes: [["patch", "/v2/network-volumes/{id}"]],
    },
    delete: { summary: "Delete a network volume and release its storage (refused while attached)" },
  });
}
