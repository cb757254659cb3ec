import type { z } from "zod";
import type { PlatformServices } from "../../platform";
import type { Method } from "../../http/route";
import type { NetworkVolumesTable } from "../../store/schema-compute";
import { volumesService } from "./network-volumes.module";
import type { CreateVolume } from "./network-volumes.service";

type Update = { name?: string; size?: number };

/**
 * What one version of the volume API (v1, v2) spells differently: paths, the id parameter, request
 * and response shapes, wording. The operations, access and rules are the same service for both.
 */
export interface VolumeApi<P, C, U extends Update> {
  api: "v1" | "v2";
  tags: string[];
  collection: string;
  /** The item path; `params` reads the volume id out of it. */
  item: string;
  params: z.ZodType<P>;
  volumeId: (params: P) => string;
  resource: z.ZodType;
  toResource: (row: NetworkVolumesTable) => unknown;
  list: { summary: string; response: z.ZodType; body: (volumes: unknown[]) => unknown };
  create: {
    summary: string;
    body: z.ZodType<C>;
    status: 200 | 201;
    input: (body: C) => CreateVolume;
  };
  get: { summary: string };
  update: { summary: string; body: z.ZodType<U>; routes: (readonly [Method, string])[] };
  delete: { summary: string };
}

const READ = { family: "storage", need: "read" } as const;
const WRITE = { family: "storage", need: "write" } as const;

export function registerVolumeApi<P, C, U extends Update>(
  services: PlatformServices,
  v: VolumeApi<P, C, U>,
) {
  const { routes } = services;
  const volumes = volumesService(services);
  const common = { tags: v.tags, params: v.params as z.ZodType<P> };
  const id = (params: unknown) => v.volumeId(params as P);

  routes.add({
    method: "get",
    path: v.collection,
    summary: v.list.summary,
    tags: v.tags,
    access: READ,
    responses: { 200: v.list.response },
    handler: async ({ auth }) => ({
      status: 200,
      body: v.list.body((await volumes.list(auth.account.id)).map(v.toResource)),
    }),
  });

  routes.add({
    method: "post",
    path: v.collection,
    summary: v.create.summary,
    tags: v.tags,
    access: WRITE,
    body: v.create.body,
    responses: { [v.create.status]: v.resource },
    errors: [400, 422],
    handler: async ({ auth, body }) => {
      const row = await volumes.create(auth.account.id, v.create.input(body as C), v.api);
      return { status: v.create.status, body: v.toResource(row) };
    },
  });

  routes.add({
    method: "get",
    path: v.item,
    summary: v.get.summary,
    ...common,
    access: READ,
    responses: { 200: v.resource },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: v.toResource(await volumes.get(auth.account.id, id(params))),
    }),
  });

  for (const [method, path] of v.update.routes) {
    routes.add({
      method,
      path,
      summary: v.update.summary,
      ...common,
      access: WRITE,
      body: v.update.body,
      responses: { 200: v.resource },
      errors: [400, 404, 422],
      handler: async ({ auth, params, body }) => ({
        status: 200,
        body: v.toResource(await volumes.update(auth.account.id, id(params), body as U, v.api)),
      }),
    });
  }

  routes.add({
    method: "delete",
    path: v.item,
    summary: v.delete.summary,
    ...common,
    access: WRITE,
    responses: { 204: null },
    errors: [400, 404],
    handler: async ({ auth, params }) => {
      await volumes.delete(auth.account.id, id(params));
      return { status: 204 };
    },
  });
}
