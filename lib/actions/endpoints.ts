"use server";

import {
  createEndpoint as create,
  deleteEndpoint as remove,
  updateEndpoint as update,
} from "@/lib/cloud/endpoints";
import { IdParam } from "@/lib/schemas/common";
import { CreateEndpointInput, UpdateEndpointInput } from "@/lib/schemas/endpoints";
import { defineAction } from "./define-action";

export const createEndpoint = defineAction(CreateEndpointInput, (cloud, input) =>
  create(cloud, input),
);

/** `patch` holds only the fields the form changed; problem paths are the platform's (no prefix). */
export const updateEndpoint = defineAction(
  IdParam.extend({ patch: UpdateEndpointInput }),
  (cloud, { id, patch }) => update(cloud, id, patch),
);

export const deleteEndpoint = defineAction(IdParam, async (cloud, { id }) => {
  await remove(cloud, id);
  return null;
});
