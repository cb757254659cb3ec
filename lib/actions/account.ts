"use server";

import { CloudError } from "@/lib/cloud/errors";
import { listSshKeys, replaceSshKeys } from "@/lib/cloud/ssh-keys";
import { SshKeyEntryInput } from "@/lib/schemas/account";
import { defineAction } from "./define-action";

// The API replaces the whole list; reading it first keeps keys added elsewhere (another tab, the
// API) instead of overwriting them with the list this page last saw.

/** Adds one public key; answers the new list. A key already on the list is refused on its field. */
export const addSshKey = defineAction(SshKeyEntryInput, async (cloud, { key }) => {
  const keys = await listSshKeys(cloud);
  if (keys.includes(key)) {
    throw new CloudError({
      status: 409,
      title: "Conflict",
      detail: "This key is already on your account.",
      errors: ["key: is already on your account"],
    });
  }
  return replaceSshKeys(cloud, [...keys, key]);
});

/** Removes one public key (pods that already received it keep it); answers the new list. */
export const removeSshKey = defineAction(SshKeyEntryInput, async (cloud, { key }) => {
  const keys = await listSshKeys(cloud);
  return replaceSshKeys(
    cloud,
    keys.filter((k) => k !== key),
  );
});
