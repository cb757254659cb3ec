import {
  Account,
  ApiKey,
  CreateAccountInput,
  CreateApiKeyInput,
  CreatedAccount,
  CreatedApiKey,
  ListApiKeysResponse,
  PlatformHealth,
  UpdateAccountInput,
  UpdateApiKeyInput,
  WhoAmI,
} from "@/lib/schemas/control";
import { IdParam } from "@/lib/schemas/common";
import { problems } from "../http/problem";
import type { PlatformServices } from "../platform";

const TAGS = ["Local platform"];
const ACCOUNT = { control: "account" } as const;
const OPERATOR = { control: "operator" } as const;

/**
 * `/_platform/*`: local-only operations (health, identity, keys, accounts). Keys and `accounts/me`
 * act on the caller's own account; creating accounts is the operator's.
 */
export function registerControlRoutes({ routes, accounts, info }: PlatformServices) {
  routes.add({
    method: "get",
    path: "/_platform/health",
    summary: "Liveness of this platform instance",
    tags: TAGS,
    access: { public: true },
    hidden: true,
    responses: { 200: PlatformHealth },
    handler: () => ({
      status: 200,
      body: {
        status: "ok",
        platform: "hangar-local",
        version: info.version,
        store: info.store,
        instanceId: info.instanceId,
        uptimeSeconds: Math.round((Date.now() - info.startedAt) / 1000),
      },
    }),
  });

  routes.add({
    method: "get",
    path: "/_platform/whoami",
    summary:
      "The account and key behind the presented key (any valid key: it says what the key may do)",
    tags: TAGS,
    access: { need: "read" },
    hidden: true,
    responses: { 200: WhoAmI },
    handler: async ({ auth }) => ({
      status: 200,
      body: { account: await accounts.getAccount(auth.account.id), key: auth.key },
    }),
  });

  routes.add({
    method: "get",
    path: "/_platform/keys",
    summary: "List the account's API keys",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    responses: { 200: ListApiKeysResponse },
    handler: async ({ auth }) => ({
      status: 200,
      body: { keys: await accounts.listKeys(auth.account.id) },
    }),
  });

  routes.add({
    method: "post",
    path: "/_platform/keys",
    summary: "Create an API key (its value is shown only in this answer)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    body: CreateApiKeyInput,
    responses: { 201: CreatedApiKey },
    handler: async ({ auth, body }) => {
      // Only the operator mints operator keys (for its own account); the CLI can too.
      if (body.operator && !auth.key.operator) throw problems.operatorRequired();
      return { status: 201, body: await accounts.createKey(auth.account.id, body) };
    },
  });

  routes.add({
    method: "patch",
    path: "/_platform/keys/{id}",
    summary: "Rename, disable or enable an API key",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    params: IdParam,
    body: UpdateApiKeyInput,
    responses: { 200: ApiKey },
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await accounts.updateKey(auth.account.id, params.id, body, auth.key.operator),
    }),
  });

  routes.add({
    method: "delete",
    path: "/_platform/keys/{id}",
    summary: "Delete an API key",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    params: IdParam,
    responses: { 204: null },
    handler: async ({ auth, params }) => {
      await accounts.deleteKey(auth.account.id, params.id, auth.key.operator);
      return { status: 204 };
    },
  });

  routes.add({
    method: "post",
    path: "/_platform/accounts",
    summary: "Create another account with its first all-access key (the operator only)",
    tags: TAGS,
    access: OPERATOR,
    hidden: true,
    body: CreateAccountInput,
    responses: { 201: CreatedAccount },
    handler: async ({ body }) => ({ status: 201, body: await accounts.createAccount(body) }),
  });

  routes.add({
    method: "patch",
    path: "/_platform/accounts/me",
    summary: "Rename the account or set its balance (local testing of credit rules)",
    tags: TAGS,
    access: ACCOUNT,
    hidden: true,
    body: UpdateAccountInput,
    responses: { 200: Account },
    handler: async ({ auth, body }) => ({
      status: 200,
      body: await accounts.updateAccount(auth.account.id, body),
    }),
  });
}
