"use server";

import {
  createApiKey as create,
  deleteApiKey as remove,
  updateApiKey as update,
} from "@/lib/cloud/api-keys";
import { IdParam } from "@/lib/schemas/common";
import { CreateApiKeyInput, UpdateApiKeyInput } from "@/lib/schemas/control";
import { defineAction } from "./define-action";

/** The answer carries the key in clear once; the page shows it and never stores it. */
export const createApiKey = defineAction(CreateApiKeyInput, (cloud, input) => create(cloud, input));

export const updateApiKey = defineAction(
  IdParam.extend({ patch: UpdateApiKeyInput }),
  (cloud, { id, patch }) => update(cloud, id, patch),
);

export const deleteApiKey = defineAction(IdParam, async (cloud, { id }) => {
  await remove(cloud, id);
  return null;
});
