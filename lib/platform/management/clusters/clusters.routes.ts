import { IdParam } from "@/lib/schemas/common";
import {
  Cluster,
  CreateClusterInput,
  ListClustersResponse,
  UpdateClusterInput,
} from "@/lib/schemas/clusters";
import { ListPodsResponse } from "@/lib/schemas/pods";
import type { PlatformServices } from "../../platform";
import { podsService } from "../pods/pods.module";
import { ClustersService } from "./clusters.service";

const TAGS = ["Clusters"];
const READ = { family: "clusters", need: "read" } as const;
const WRITE = { family: "clusters", need: "write" } as const;

/** `/v2/clusters`: create makes the member pods, rename, delete terminates them, list members. */
export function registerClusterRoutes(services: PlatformServices) {
  const { routes } = services;
  const clusters = new ClustersService(
    services.store.db,
    services.clock,
    services.ids,
    services.availability,
    podsService(services),
  );

  routes.add({
    method: "get",
    path: "/v2/clusters",
    summary: "List clusters",
    tags: TAGS,
    access: READ,
    responses: { 200: ListClustersResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { clusters: await clusters.list(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/v2/clusters",
    summary: "Create a cluster and its member pods (one data center, private overlay network)",
    tags: TAGS,
    access: WRITE,
    body: CreateClusterInput,
    responses: { 201: Cluster },
    errors: [400, 402, 404, 422],
    handler: async ({ auth, body }) => ({
      status: 201,
      body: await clusters.create(auth.account.id, body),
    }),
  });

  routes.add({
    method: "get",
    path: "/v2/clusters/{id}",
    summary: "Get a cluster (members summarised by status)",
    tags: TAGS,
    access: READ,
    params: IdParam,
    responses: { 200: Cluster },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await clusters.get(auth.account.id, params.id),
    }),
  });

  routes.add({
    method: "patch",
    path: "/v2/clusters/{id}",
    summary: "Rename a cluster (the only change a cluster takes)",
    tags: TAGS,
    access: WRITE,
    params: IdParam,
    body: UpdateClusterInput,
    responses: { 200: Cluster },
    errors: [404, 422],
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await clusters.rename(auth.account.id, params.id, body.name),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/clusters/{id}",
    summary: "Delete a cluster and terminate its member pods",
    tags: TAGS,
    access: WRITE,
    params: IdParam,
    responses: { 204: null },
    errors: [404],
    handler: async ({ auth, params }) => {
      await clusters.delete(auth.account.id, params.id);
      return { status: 204 };
    },
  });

  routes.add({
    method: "get",
    path: "/v2/clusters/{id}/pods",
    summary: "The cluster's member pods as full Pod objects",
    tags: TAGS,
    access: READ,
    params: IdParam,
    responses: { 200: ListPodsResponse },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: { pods: await clusters.members(auth.account.id, params.id) },
    }),
  });
}
