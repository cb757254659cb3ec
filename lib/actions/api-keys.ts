"use server";

import {
  createApiKey as create,
  deleteApiKey as remove,
  updateApiKey as update,
} from "@/lib/cloud/api-keys";
import { clearSession } from "@/lib/auth/session";
import { whoami } from "@/lib/cloud/platform";
import { IdParam } from "@/lib/schemas/common";
import { CreateApiKeyInput, UpdateApiKeyInput } from "@/lib/schemas/control";
import { defineAction } from "./define-action";

/** The answer carries the key in clear once; the page shows it and never stores it. */
export const createApiKey = defineAction(CreateApiKeyInput, (cloud, input) => create(cloud, input));

export const updateApiKey = defineAction(
  IdParam.extend({ patch: UpdateApiKeyInput }),
  (cloud, { id, patch }) => update(cloud, id, patch),
);

/**
 * Deleting the key this session is signed in with also ends the session (the console could not
 * act with it any more): `signedOut` tells the page to go to the sign-in page.
 */
export const deleteApiKey = defineAction(IdParam, async (cloud, { id }) => {
  const me = await whoami(cloud).catch(() => null);
  await remove(cloud, id);
  const signedOut = me?.key.id === id;
  if (signedOut) await clearSession();
  return { signedOut };
});
