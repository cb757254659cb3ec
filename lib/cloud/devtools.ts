import { z } from "zod";
import {
  CreateFaultInput,
  Fault,
  InboxResponse,
  JobDetail,
  ListDeliveriesResponse,
  ListFaultsResponse,
  type ListRequestsQuery,
  ListServedRequestsResponse,
  StateSnapshot,
  StateSummary,
} from "@/lib/schemas/devtools";
import { AdvanceClockInput, ClockState, SetClockInput } from "@/lib/schemas/jobs";
import type { Cloud } from "./client";
import { getPlatformEnvironment } from "./environment";
import { CloudError } from "./errors";

/**
 * The local platform's developer tools (`/_platform/...`): an `all` key for the account's own
 * tools, the operator credential for the clock and the whole instance's state. None exists on
 * the real service: every entry point (pages, route handlers, actions) first calls
 * `requireLocalPlatform()`, so against a real platform they answer 404 and send nothing.
 */
export async function requireLocalPlatform(): Promise<void> {
  const env = await getPlatformEnvironment();
  if (env.kind !== "local") {
    throw new CloudError({
      status: 404,
      title: "Not Found",
      detail: "developer tools exist only on the local platform",
    });
  }
}

const enc = encodeURIComponent;

export const getClock = (cloud: Cloud) =>
  cloud.request({ family: "control", path: "/clock", schema: ClockState });

export const setClock = (cloud: Cloud, input: SetClockInput) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/clock",
    body: SetClockInput.parse(input),
    schema: ClockState,
  });

export const advanceClock = (cloud: Cloud, input: AdvanceClockInput) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/clock/advance",
    body: AdvanceClockInput.parse(input),
    schema: ClockState,
    timeoutMs: 60_000,
  });

export const getJobDetail = (cloud: Cloud, jobId: string) =>
  cloud.request({ family: "control", path: `/jobs/${enc(jobId)}`, schema: JobDetail });

export const listFaults = (cloud: Cloud) =>
  cloud.request({ family: "control", path: "/faults", schema: ListFaultsResponse });

export const createFault = (cloud: Cloud, input: CreateFaultInput) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/faults",
    body: CreateFaultInput.parse(input),
    schema: Fault,
  });

export const removeFault = (cloud: Cloud, id: string) =>
  cloud.request({ family: "control", method: "DELETE", path: `/faults/${enc(id)}` });

export const clearFaults = (cloud: Cloud) =>
  cloud.request({ family: "control", method: "DELETE", path: "/faults" });

export const getInbox = (cloud: Cloud) =>
  cloud.request({ family: "control", path: "/inbox", schema: InboxResponse });

export const clearInbox = (cloud: Cloud) =>
  cloud.request({ family: "control", method: "DELETE", path: "/inbox" });

export const listDeliveries = (cloud: Cloud) =>
  cloud.request({ family: "control", path: "/webhook-deliveries", schema: ListDeliveriesResponse });

export const redeliver = (cloud: Cloud, deliveryId: string) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: `/webhook-deliveries/${enc(deliveryId)}/redeliver`,
    schema: z.object({ id: z.string() }),
  });

export const listServedRequests = (cloud: Cloud, query: Partial<ListRequestsQuery>) =>
  cloud.request({
    family: "control",
    path: "/requests",
    query,
    schema: ListServedRequestsResponse,
  });

export const getStateSummary = (cloud: Cloud) =>
  cloud.request({ family: "control", path: "/state", schema: StateSummary });

export const exportState = (cloud: Cloud) =>
  cloud.request({
    family: "control",
    path: "/state/export",
    schema: StateSnapshot,
    timeoutMs: 60_000,
  });

export const importState = (cloud: Cloud, snapshot: StateSnapshot) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/state/import",
    body: snapshot,
    schema: StateSummary,
    timeoutMs: 60_000,
  });

export const resetState = (cloud: Cloud) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/state/reset",
    schema: StateSummary,
    timeoutMs: 60_000,
  });

// The whole instance (every account): the operator credential only.

export const getInstanceStateSummary = (cloud: Cloud) =>
  cloud.request({ family: "control", path: "/instance/state", schema: StateSummary });

export const exportInstanceState = (cloud: Cloud) =>
  cloud.request({
    family: "control",
    path: "/instance/state/export",
    schema: StateSnapshot,
    timeoutMs: 60_000,
  });

export const importInstanceState = (cloud: Cloud, snapshot: StateSnapshot) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/instance/state/import",
    body: snapshot,
    schema: StateSummary,
    timeoutMs: 60_000,
  });

export const resetInstanceState = (cloud: Cloud) =>
  cloud.request({
    family: "control",
    method: "POST",
    path: "/instance/state/reset",
    schema: StateSummary,
    timeoutMs: 60_000,
  });
