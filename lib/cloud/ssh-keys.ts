import { SshKeys } from "@/lib/schemas/account";
import type { Cloud } from "./client";

/** `GET /v2/account/ssh-keys`: the public keys pods created later with SSH receive. */
export async function listSshKeys(cloud: Cloud): Promise<string[]> {
  return (await cloud.request({ path: "/account/ssh-keys", schema: SshKeys })).keys;
}

/** `PUT /v2/account/ssh-keys`: replaces the whole list (`[]` clears it). */
export async function replaceSshKeys(cloud: Cloud, keys: string[]): Promise<string[]> {
  return (
    await cloud.request({
      method: "PUT",
      path: "/account/ssh-keys",
      body: { keys },
      schema: SshKeys,
    })
  ).keys;
}
