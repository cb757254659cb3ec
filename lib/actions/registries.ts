"use server";

import {
  createDelegation as createEcr,
  createRegistry as create,
  deleteDelegation as removeEcr,
  deleteRegistry as remove,
} from "@/lib/cloud/registries";
import { IdParam } from "@/lib/schemas/common";
import { CreateDelegationInput, CreateRegistryInput } from "@/lib/schemas/registries";
import { defineAction } from "./define-action";

/** The password goes to the platform and nowhere else: the answer is the id and name. */
export const createRegistry = defineAction(CreateRegistryInput, (cloud, input) =>
  create(cloud, input),
);

export const deleteRegistry = defineAction(IdParam, async (cloud, { id }) => {
  await remove(cloud, id);
  return null;
});

export const createDelegation = defineAction(CreateDelegationInput, (cloud, input) =>
  createEcr(cloud, input),
);

export const deleteDelegation = defineAction(IdParam, async (cloud, { id }) => {
  await removeEcr(cloud, id);
  return null;
});
