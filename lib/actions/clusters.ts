"use server";

import {
  createCluster as create,
  deleteCluster as remove,
  updateCluster as update,
} from "@/lib/cloud/clusters";
import { CreateClusterInput, UpdateClusterInput } from "@/lib/schemas/clusters";
import { IdParam } from "@/lib/schemas/common";
import { defineAction } from "./define-action";

export const createCluster = defineAction(CreateClusterInput, (cloud, input) =>
  create(cloud, input),
);

/** Rename: the only change a cluster takes. */
export const renameCluster = defineAction(
  IdParam.extend(UpdateClusterInput.shape),
  (cloud, input) => update(cloud, input.id, { name: input.name }),
);

export const deleteCluster = defineAction(IdParam, async (cloud, { id }) => {
  await remove(cloud, id);
  return null;
});
