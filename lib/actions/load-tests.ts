"use server";

import { z } from "zod";
import { loadTestContext, startLoadTest, stopLoadTest } from "@/lib/loadtest/service";
import { StartLoadTestInput } from "@/lib/schemas/load-tests";
import { defineAction } from "./define-action";

/**
 * Starts a load test in the console's server process and returns as soon as it is recorded: the
 * sends and polls run in the background (never inside this action, which would hold the
 * browser's queue of server actions), with the session's key, which stays on the server.
 */
export const startLoadTestAction = defineAction(StartLoadTestInput, async (_cloud, input) =>
  startLoadTest(await loadTestContext(), input),
);

/** Stops a running load test: sending ends at once and the jobs it left queued are cancelled. */
export const stopLoadTestAction = defineAction(
  z.object({ id: z.string().min(1).max(200) }),
  async (_cloud, { id }) => stopLoadTest(await loadTestContext(), id),
);
