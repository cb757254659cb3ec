import { SshKeys, UpdateSshKeysInput } from "@/lib/schemas/account";
import type { PlatformServices } from "../../platform";
import { getSshKeys, replaceSshKeys } from "./ssh-keys.repository";

const TAGS = ["Account"];

/** `/v2/account/ssh-keys`: the keys pods created with `startSsh` receive as `PUBLIC_KEY`. */
export function registerAccountRoutes({ routes, store, clock }: PlatformServices): void {
  routes.add({
    method: "get",
    path: "/v2/account/ssh-keys",
    summary: "List the account's SSH public keys",
    tags: TAGS,
    access: { family: "account", need: "read" },
    responses: { 200: SshKeys },
    handler: async ({ auth }) => ({
      status: 200,
      body: { keys: await getSshKeys(store.db, auth.account.id) },
    }),
  });

  routes.add({
    method: "put",
    path: "/v2/account/ssh-keys",
    summary: "Replace the account's SSH public keys (`[]` clears); affects only pods created later",
    tags: TAGS,
    access: { family: "account", need: "write" },
    body: UpdateSshKeysInput,
    responses: { 200: SshKeys },
    errors: [400, 422],
    handler: async ({ auth, body }) => ({
      status: 200,
      body: { keys: await replaceSshKeys(store.db, auth.account.id, body.keys, clock.now()) },
    }),
  });
}
