"use server";

import { createPod as create, podAction as act, updatePod as update } from "@/lib/cloud/pods";
import { IdParam } from "@/lib/schemas/common";
import { CreatePodInput, PodAction, UpdatePodInput } from "@/lib/schemas/pods";
import { defineAction } from "./define-action";

export const createPod = defineAction(CreatePodInput, (cloud, input) => create(cloud, input));

/** `patch` holds only the fields the form changed; problem paths are the platform's (no prefix). */
export const updatePod = defineAction(
  IdParam.extend({ patch: UpdatePodInput }),
  (cloud, { id, patch }) => update(cloud, id, patch),
);

/** start / stop / restart / terminate; the platform answers 409 when the pod's status or lock forbids it. */
export const runPodAction = defineAction(
  IdParam.extend({ action: PodAction }),
  (cloud, { id, action }) => act(cloud, id, action),
);
