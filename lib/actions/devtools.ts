"use server";

import { z } from "zod";
import * as devtools from "@/lib/cloud/devtools";
import { CreateFaultInput, StateSnapshot } from "@/lib/schemas/devtools";
import { AdvanceClockInput, SetClockInput } from "@/lib/schemas/jobs";
import { defineAction } from "./define-action";

// Developer tools of the local platform: each action answers 404 (and sends nothing) when the
// console talks to another platform.

export const setClock = defineAction(SetClockInput, async (cloud, input) => {
  await devtools.requireLocalPlatform();
  return devtools.setClock(cloud, input);
});

export const advanceClock = defineAction(AdvanceClockInput, async (cloud, input) => {
  await devtools.requireLocalPlatform();
  return devtools.advanceClock(cloud, input);
});

export const createFault = defineAction(CreateFaultInput, async (cloud, input) => {
  await devtools.requireLocalPlatform();
  return devtools.createFault(cloud, input);
});

export const removeFault = defineAction(
  z.object({ id: z.string().min(1) }),
  async (cloud, { id }) => {
    await devtools.requireLocalPlatform();
    await devtools.removeFault(cloud, id);
    return { id };
  },
);

export const clearFaults = defineAction(z.object({}), async (cloud) => {
  await devtools.requireLocalPlatform();
  await devtools.clearFaults(cloud);
  return {};
});

export const redeliverWebhook = defineAction(
  z.object({ deliveryId: z.string().min(1) }),
  async (cloud, { deliveryId }) => {
    await devtools.requireLocalPlatform();
    return devtools.redeliver(cloud, deliveryId);
  },
);

export const clearInbox = defineAction(z.object({}), async (cloud) => {
  await devtools.requireLocalPlatform();
  await devtools.clearInbox(cloud);
  return {};
});

export const resetState = defineAction(z.object({}), async (cloud) => {
  await devtools.requireLocalPlatform();
  return devtools.resetState(cloud);
});

export const importState = defineAction(StateSnapshot, async (cloud, snapshot) => {
  await devtools.requireLocalPlatform();
  return devtools.importState(cloud, snapshot);
});

export const resetInstanceState = defineAction(z.object({}), async (cloud) => {
  await devtools.requireLocalPlatform();
  return devtools.resetInstanceState(cloud);
});

export const importInstanceState = defineAction(StateSnapshot, async (cloud, snapshot) => {
  await devtools.requireLocalPlatform();
  return devtools.importInstanceState(cloud, snapshot);
});
