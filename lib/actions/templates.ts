"use server";

import {
  createTemplate as create,
  deleteTemplate as remove,
  updateTemplate as update,
} from "@/lib/cloud/templates";
import { IdParam } from "@/lib/schemas/common";
import { CreateTemplateInput, UpdateTemplateInput } from "@/lib/schemas/templates";
import { defineAction } from "./define-action";

export const createTemplate = defineAction(CreateTemplateInput, (cloud, input) =>
  create(cloud, input),
);

export const updateTemplate = defineAction(
  IdParam.extend({ patch: UpdateTemplateInput }),
  (cloud, { id, patch }) => update(cloud, id, patch),
);

export const deleteTemplate = defineAction(IdParam, async (cloud, { id }) => {
  await remove(cloud, id);
  return null;
});
