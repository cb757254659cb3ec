import { StateSnapshot, StateSummary } from "@/lib/schemas/devtools";
import type { JobEngine } from "../jobs/engine/engine";
import type { PlatformServices } from "../platform";
import { AccountState } from "./account-state";
import { InstanceState } from "./state";

const TAGS = ["Local platform"];
const ACCOUNT = { control: "account" } as const;
const OPERATOR = { control: "operator" } as const;

/**
 * State reset/export/import: `/_platform/state...` for the caller's account (an `all` key, its own
 * rows only) and `/_platform/instance/state...` for the whole instance (the operator).
 */
export function registerStateRoutes({ routes, devtools }: PlatformServices, e: JobEngine): void {
  const accountState = new AccountState(e, devtools);
  const instanceState = new InstanceState(e, devtools);

  // The caller's account only (an `all` key): its rows, never another account's or any key.
  routes.add({
    method: "get",
    path: "/_platform/state",
    summary: "Rows per table of the caller's account",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: StateSummary },
    handler: async ({ auth }) => ({
      status: 200,
      body: await accountState.summary(auth.account.id),
    }),
  });

  routes.add({
    method: "get",
    path: "/_platform/state/export",
    summary: "The caller's account state as one JSON document (a snapshot)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: StateSnapshot },
    handler: async ({ auth }) => ({
      status: 200,
      body: await accountState.export(auth.account.id),
      headers: { "Content-Disposition": 'attachment; filename="hangar-state.json"' },
    }),
  });

  routes.add({
    method: "post",
    path: "/_platform/state/import",
    summary: "Replace the caller's account state with a snapshot (checked row by row)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    body: StateSnapshot,
    responses: { 200: StateSummary },
    errors: [400, 422],
    handler: async ({ auth, body }) => ({
      status: 200,
      body: await accountState.import(auth.account.id, body),
    }),
  });

  routes.add({
    method: "post",
    path: "/_platform/state/reset",
    summary: "Empty the caller's account (its resources, jobs, workers and bills; keys stay)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: StateSummary },
    handler: async ({ auth }) => {
      await accountState.reset(auth.account.id);
      return { status: 200, body: await accountState.summary(auth.account.id) };
    },
  });

  // The whole instance, every account: the operator credential only.
  routes.add({
    method: "get",
    path: "/_platform/instance/state",
    summary: "Rows per table of the whole platform",
    tags: TAGS,
    access: OPERATOR,
    hidden: true,
    responses: { 200: StateSummary },
    handler: async () => ({ status: 200, body: await instanceState.summary() }),
  });

  routes.add({
    method: "get",
    path: "/_platform/instance/state/export",
    summary: "The whole platform state as one JSON document (a snapshot)",
    tags: TAGS,
    access: OPERATOR,
    hidden: true,
    responses: { 200: StateSnapshot },
    handler: async () => ({
      status: 200,
      body: await instanceState.export(),
      headers: { "Content-Disposition": 'attachment; filename="hangar-instance-state.json"' },
    }),
  });

  routes.add({
    method: "post",
    path: "/_platform/instance/state/import",
    summary: "Replace the platform state with a snapshot (accounts and keys are merged)",
    tags: TAGS,
    access: OPERATOR,
    hidden: true,
    body: StateSnapshot,
    responses: { 200: StateSummary },
    errors: [400, 422],
    handler: async ({ body }) => ({ status: 200, body: await instanceState.import(body) }),
  });

  routes.add({
    method: "post",
    path: "/_platform/instance/state/reset",
    summary: "Empty the platform (every resource, job and worker; accounts and keys stay)",
    tags: TAGS,
    access: OPERATOR,
    hidden: true,
    responses: { 200: StateSummary },
    handler: async () => {
      await instanceState.reset();
      return { status: 200, body: await instanceState.summary() };
    },
  });
}
