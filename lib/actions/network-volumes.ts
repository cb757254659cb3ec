"use server";

import {
  createNetworkVolume as create,
  deleteNetworkVolume as remove,
  updateNetworkVolume as update,
} from "@/lib/cloud/network-volumes";
import { IdParam } from "@/lib/schemas/common";
import { CreateNetworkVolumeInput, UpdateNetworkVolumeInput } from "@/lib/schemas/network-volumes";
import { defineAction } from "./define-action";

export const createNetworkVolume = defineAction(CreateNetworkVolumeInput, (cloud, input) =>
  create(cloud, input),
);

export const updateNetworkVolume = defineAction(
  IdParam.extend({ patch: UpdateNetworkVolumeInput }),
  (cloud, { id, patch }) => update(cloud, id, patch),
);

export const deleteNetworkVolume = defineAction(IdParam, async (cloud, { id }) => {
  await remove(cloud, id);
  return null;
});
