import { parseArgs } from "node:util";
import { AccountsService } from "../../accounts/accounts.service";
import { createClock } from "../../clock";
import { loadConfig } from "../../config";
import { createIds } from "../../ids";
import { getEndpointRecord } from "../../management/endpoints/endpoints.repository";
import { openStore } from "../../store/open";
import { shellExports, workerEnv } from "./worker-env";

export const WORKER_ENV_USAGE = `  npm run platform -- worker-env <endpoint id> [--worker-id ID] [--key KEY] [--json]
                       environment for a worker process serving the endpoint
                       (without --key or RUNPOD_AI_API_KEY: creates a key for that endpoint only)`;

/**
 * `worker-env <endpoint id>`: prints the environment a user's worker process needs (platform-notes
 * §8.7), as `export` lines or JSON. Reads the store directly, like `keys`, so the platform need not run.
 */
export async function workerEnvCommand(
  args: string[],
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "worker-id": { type: "string" },
      key: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const endpointId = positionals[0];
  if (!endpointId) throw new Error(`worker-env needs an endpoint id\n\n${WORKER_ENV_USAGE}`);
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const endpoint = await getEndpointRecord(store.db, endpointId);
    if (!endpoint) throw new Error(`endpoint ${endpointId} not found`);
    const ids = createIds();
    let apiKey = values.key ?? process.env.RUNPOD_AI_API_KEY;
    if (!apiKey) {
      // Least privilege: a key that can only serve (and run jobs on) this endpoint.
      const accounts = new AccountsService(store.db, createClock(), ids);
      const created = await accounts.createKey(endpoint.accountId, {
        name: `worker ${endpointId}`,
        permission: { type: "restricted", families: {}, endpoints: { [endpointId]: "write" } },
      });
      apiKey = created.key;
    }
    const env = workerEnv({
      publicUrl: config.publicUrl,
      endpoint,
      workerId: values["worker-id"] ?? ids.next("worker"),
      apiKey,
      pingIntervalMs: config.jobs.pingIntervalMs,
    });
    out.write(`${values.json ? JSON.stringify(env, null, 2) : shellExports(env)}\n`);
  } finally {
    await store.close();
  }
}
