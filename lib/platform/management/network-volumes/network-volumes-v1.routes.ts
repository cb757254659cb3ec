import {
  CreateNetworkVolumeV1Input,
  ListNetworkVolumesV1Response,
  NetworkVolumeV1,
  UpdateNetworkVolumeV1Input,
} from "@/lib/schemas/network-volumes";
import { z } from "zod";
import type { PlatformServices } from "../../platform";
import { volumesService } from "./network-volumes.module";
import { toNetworkVolumeV1 } from "./network-volumes.repository";

const TAGS = ["Network Volumes (v1)"];
const VolumeIdParam = z.object({ networkVolumeId: z.string().min(1) });

/**
 * `/v1/networkvolumes`: the older volume API (seed "Create a network volume"). Same service and
 * rules as v2; answers keep v1's shapes (200 on create, `dataCenterId`, bare arrays). Errors stay
 * problem+json like everywhere else on the platform: one error format.
 */
export function registerNetworkVolumeV1Routes(services: PlatformServices) {
  const { routes } = services;
  const volumes = volumesService(services);

  routes.add({
    method: "post",
    path: "/v1/networkvolumes",
    summary: "Create a network volume (v1; volumes over 4 TB are arranged with support)",
    tags: TAGS,
    access: { family: "storage", need: "write" },
    body: CreateNetworkVolumeV1Input,
    responses: { 200: NetworkVolumeV1 },
    errors: [400, 422],
    handler: async ({ auth, body }) => ({
      status: 200,
      body: toNetworkVolumeV1(await volumes.create(auth.account.id, body, "v1")),
    }),
  });

  routes.add({
    method: "get",
    path: "/v1/networkvolumes",
    summary: "List network volumes (v1)",
    tags: TAGS,
    access: { family: "storage", need: "read" },
    responses: { 200: ListNetworkVolumesV1Response },
    handler: async ({ auth }) => ({
      status: 200,
      body: (await volumes.list(auth.account.id)).map(toNetworkVolumeV1),
    }),
  });

  routes.add({
    method: "get",
    path: "/v1/networkvolumes/{networkVolumeId}",
    summary: "Get a network volume (v1)",
    tags: TAGS,
    access: { family: "storage", need: "read" },
    params: VolumeIdParam,
    responses: { 200: NetworkVolumeV1 },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: toNetworkVolumeV1(await volumes.get(auth.account.id, params.networkVolumeId)),
    }),
  });

  const update = async (accountId: string, id: string, body: UpdateNetworkVolumeV1Input) => ({
    status: 200,
    body: toNetworkVolumeV1(await volumes.update(accountId, id, body, "v1")),
  });
  for (const [method, path] of [
    ["patch", "/v1/networkvolumes/{networkVolumeId}"],
    ["post", "/v1/networkvolumes/{networkVolumeId}/update"],
  ] as const) {
    routes.add({
      method,
      path,
      summary: "Rename or grow a network volume (v1; the new size must exceed the current one)",
      tags: TAGS,
      access: { family: "storage", need: "write" },
      params: VolumeIdParam,
      body: UpdateNetworkVolumeV1Input,
      responses: { 200: NetworkVolumeV1 },
      errors: [400, 404, 422],
      handler: ({ auth, params, body }) => update(auth.account.id, params.networkVolumeId, body),
    });
  }

  routes.add({
    method: "delete",
    path: "/v1/networkvolumes/{networkVolumeId}",
    summary: "Delete a network volume (v1)",
    tags: TAGS,
    access: { family: "storage", need: "write" },
    params: VolumeIdParam,
    responses: { 204: null },
    errors: [400, 404],
    handler: async ({ auth, params }) => {
      await volumes.delete(auth.account.id, params.networkVolumeId);
      return { status: 204 };
    },
  });
}
