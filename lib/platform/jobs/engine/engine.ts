import type { SecretBox } from "../../secrets";
import type { Kysely } from "kysely";
import type { AccountsService } from "../../accounts/accounts.service";
import type { UsageRecorder } from "../../billing/usage-recorder";
import type { AvailabilityService } from "../../catalog/availability.service";
import type { Clock } from "../../clock";
import type { EventBus } from "../../events";
import type { Ids } from "../../ids";
import type { Logger } from "../../logger";
import type { LogHub } from "../../logs/log-hub";
import type { Database } from "../../store/schema";
import type { Autoscaler } from "./autoscaler";
import type { Dispatcher } from "./dispatcher";
import type { EngineHooks } from "./hooks";
import type { EndpointCache } from "./endpoint-cache";
import type { JobRateLimits } from "../api/job-rate-limits";
import type { JobSignals } from "./job-signals";
import type { JobsConfig } from "./jobs.config";
import type { JobsRepository } from "../store/jobs.repository";
import type { JobsService } from "./jobs.service";
import type { QueueLimit } from "../api/queue-limit";
import type { Scheduler } from "./scheduler";
import type { SqliteJobStatements } from "../store/sqlite-fast-path";
import type { WebhookService } from "./webhooks";
import type { WorkerPool } from "../workers/worker-pool";
import type { WorkerProtocol } from "../workers/worker-protocol.service";

/**
 * The parts of the job engine of one instance, wired once in `jobs.module.ts`. Parts reach each
 * other through this object (jobs finish → webhooks, workers → dispatcher…) instead of importing
 * singletons, so each test platform has its own engine.
 */
export interface JobEngine {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  clock: Clock;
  ids: Ids;
  log: Logger;
  config: JobsConfig;
  publicUrl: () => string;
  instanceId: string;
  events: EventBus;
  accounts: AccountsService;
  usage: UsageRecorder | undefined;
  availability: AvailabilityService;
  /** Seals a job's `s3Config` at rest (it carries the caller's bucket secret) and opens it for the worker. */
  secrets: SecretBox;
  /**
   * The engine's own extension points: its timeline events and the interceptors that may change
   * what it does (the local platform's developer tools install theirs; see hooks.ts).
   */
  hooks: EngineHooks;
  repo: JobsRepository;
  /** Embedded store: prepared statements with group commit for the hot path (null on PostgreSQL). */
  fast: SqliteJobStatements | null;
  signals: JobSignals;
  scheduler: Scheduler;
  endpoints: EndpointCache;
  dispatcher: Dispatcher;
  jobs: JobsService;
  workers: WorkerPool;
  protocol: WorkerProtocol;
  scaler: Autoscaler;
  webhooks: WebhookService;
  limits: JobRateLimits;
  /** Workers' log lines (system and container), streamed by `/v2/serverless/{id}/workers/{workerId}/logs`. */
  logs: LogHub;
  /** The queue-size 429 of `/run` and `/runsync`. */
  queueLimit: QueueLimit;
}

/** Jobs a worker may lose before the job fails instead of going back to the queue. */
export const MAX_JOB_LOSSES = 3;
