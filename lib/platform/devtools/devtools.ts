import type SqliteDatabase from "better-sqlite3";
import type { Kysely } from "kysely";
import type { AvailabilityService } from "../catalog/availability.service";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { Database } from "../store/schema";
import { EndpointMetricsService } from "../metrics/endpoint-metrics";
import { FaultService } from "./faults";
import { JobTrace } from "./job-trace";
import { RequestLog } from "./request-log";

/**
 * The local platform's developer tools that other modules feed: the job timeline (`trace`), fault
 * injection (`faults`) and the request inspector (`requests`). Built with the platform, before the
 * modules; `installDevtools` (jobs-hooks.ts) hooks them into the job engine once it exists, and
 * their routes live in devtools.routes.ts.
 */
export class Devtools {
  readonly trace: JobTrace;
  readonly faults: FaultService;
  readonly requests: RequestLog;
  /** Endpoint metrics rolled up as jobs end (lib/platform/metrics). */
  readonly metrics: EndpointMetricsService;

  constructor(deps: {
    db: Kysely<Database>;
    dialect: "sqlite" | "postgres";
    /** Embedded store: the raw connection, for the timeline's batched inserts. */
    sqlite?: SqliteDatabase.Database;
    clock: Clock;
    log: Logger;
    availability: AvailabilityService;
  }) {
    this.trace = new JobTrace(deps.db, deps.clock, deps.log, deps.sqlite);
    this.faults = new FaultService(deps.clock, deps.availability);
    this.requests = new RequestLog();
    this.metrics = new EndpointMetricsService(deps.db, deps.dialect, deps.clock, deps.log);
  }
}
