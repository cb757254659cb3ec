import {
  CreateNetworkVolumeInput,
  ListNetworkVolumesResponse,
  NetworkVolume,
  UpdateNetworkVolumeInput,
} from "@/lib/schemas/network-volumes";
import { IdParam } from "@/lib/schemas/common";
import type { PlatformServices } from "../../platform";
import { volumesService } from "./network-volumes.module";
import { toNetworkVolume } from "./network-volumes.repository";

const TAGS = ["Network Volumes"];

/** `/v2/network-volumes`. */
export function registerNetworkVolumeRoutes(services: PlatformServices) {
  const { routes } = services;
  const volumes = volumesService(services);

  routes.add({
    method: "get",
    path: "/v2/network-volumes",
    summary: "List network volumes",
    tags: TAGS,
    access: { family: "storage", need: "read" },
    responses: { 200: ListNetworkVolumesResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { networkVolumes: (await volumes.list(auth.account.id)).map(toNetworkVolume) },
    }),
  });

  routes.add({
    method: "post",
    path: "/v2/network-volumes",
    summary: "Create a network volume (tier defaults to the data center's primary tier)",
    tags: TAGS,
    access: { family: "storage", need: "write" },
    body: CreateNetworkVolumeInput,
    responses: { 201: NetworkVolume },
    errors: [400, 422],
    handler: async ({ auth, body }) => {
      const row = await volumes.create(
        auth.account.id,
        { name: body.name, size: body.size, dataCenterId: body.dataCenter, type: body.type },
        "v2",
      );
      return { status: 201, body: toNetworkVolume(row) };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/network-volumes/{id}",
    summary: "Get a network volume",
    tags: TAGS,
    access: { family: "storage", need: "read" },
    params: IdParam,
    responses: { 200: NetworkVolume },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: toNetworkVolume(await volumes.get(auth.account.id, params.id)),
    }),
  });

  routes.add({
    method: "patch",
    path: "/v2/network-volumes/{id}",
    summary: "Rename a network volume or grow it (never shrink)",
    tags: TAGS,
    access: { family: "storage", need: "write" },
    params: IdParam,
    body: UpdateNetworkVolumeInput,
    responses: { 200: NetworkVolume },
    errors: [400, 404, 422],
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: toNetworkVolume(await volumes.update(auth.account.id, params.id, body, "v2")),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/network-volumes/{id}",
    summary: "Delete a network volume and release its storage (refused while attached)",
    tags: TAGS,
    access: { family: "storage", need: "write" },
    params: IdParam,
    responses: { 204: null },
    errors: [400, 404],
    handler: async ({ auth, params }) => {
      await volumes.delete(auth.account.id, params.id);
      return { status: 204 };
    },
  });
}
