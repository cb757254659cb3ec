import { IdParam } from "@/lib/schemas/common";
import {
  CreatePodInput,
  ListPodsQuery,
  ListPodsResponse,
  Pod,
  PodActionInput,
  UpdatePodInput,
} from "@/lib/schemas/pods";
import type { PlatformServices } from "../../platform";
import { registerPodLogRoutes } from "./pod-logs.routes";
import { podsService } from "./pods.module";

const TAGS = ["Pods"];
const READ = { family: "pods", need: "read" } as const;
const WRITE = { family: "pods", need: "write" } as const;

/** `/v2/pods` and the control route that fails a pod. */
export function registerPodRoutes(services: PlatformServices) {
  const { routes } = services;
  const pods = podsService(services);

  routes.add({
    method: "get",
    path: "/v2/pods",
    summary: "List pods (cluster members only with includeClusterPods=true)",
    tags: TAGS,
    access: READ,
    query: ListPodsQuery,
    responses: { 200: ListPodsResponse },
    errors: [422],
    handler: async ({ auth, query }) => ({
      status: 200,
      body: { pods: await pods.list(auth.account.id, query.includeClusterPods) },
    }),
  });

  routes.add({
    method: "post",
    path: "/v2/pods",
    summary: "Create a pod (PROVISIONING, then STARTING, then RUNNING)",
    tags: TAGS,
    access: WRITE,
    body: CreatePodInput,
    responses: { 201: Pod },
    errors: [400, 402, 404, 422],
    handler: async ({ auth, body }) => ({
      status: 201,
      body: await pods.create(auth.account.id, body),
    }),
  });

  routes.add({
    method: "get",
    path: "/v2/pods/{id}",
    summary: "Get a pod",
    tags: TAGS,
    access: READ,
    params: IdParam,
    responses: { 200: Pod },
    errors: [404],
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await pods.get(auth.account.id, params.id),
    }),
  });

  routes.add({
    method: "patch",
    path: "/v2/pods/{id}",
    summary: "Update a pod (container settings, template, mounts, lock, global networking)",
    tags: TAGS,
    access: WRITE,
    params: IdParam,
    body: UpdatePodInput,
    responses: { 200: Pod },
    errors: [400, 404, 409, 422],
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await pods.update(auth.account.id, params.id, body),
    }),
  });

  routes.add({
    method: "delete",
    path: "/v2/pods/{id}",
    summary: "Terminate a pod (it leaves the list)",
    tags: TAGS,
    access: WRITE,
    params: IdParam,
    responses: { 204: null },
    errors: [404, 409],
    handler: async ({ auth, params }) => {
      await pods.delete(auth.account.id, params.id);
      return { status: 204 };
    },
  });

  routes.add({
    method: "post",
    path: "/v2/pods/{id}/action",
    summary: "Start, stop, restart or terminate a pod (409 when not valid for its status)",
    tags: TAGS,
    access: WRITE,
    params: IdParam,
    body: PodActionInput,
    responses: { 200: Pod, 204: null },
    errors: [400, 402, 404, 409, 422],
    handler: async ({ auth, params, body }) => {
      const pod = await pods.action(auth.account.id, params.id, body.action);
      return pod ? { status: 200, body: pod } : { status: 204 };
    },
  });

  routes.add({
    method: "post",
    path: "/_platform/pods/{id}/fail",
    summary: "Fault injection: put one of the account's pods in ERROR",
    tags: ["Local platform"],
    access: { control: "account" },
    hidden: true,
    params: IdParam,
    responses: { 200: Pod },
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await pods.fail(auth.account.id, params.id),
    }),
  });

  registerPodLogRoutes(services);
}
