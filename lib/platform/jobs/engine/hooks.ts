import type { JobEventType } from "@/lib/schemas/devtools";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";

/** One step in a job's life (`jobId`) or in its endpoint's workers' (`jobId` null). */
export interface EngineEvent {
  endpointId: string;
  jobId: string | null;
  type: JobEventType;
  workerId?: string | null;
  detail?: string | null;
  /** Terminal events: the job's times (platform clock, ms), for the endpoint's metrics. */
  timing?: { queuedAt: number; startedAt: number | null; completedAt: number | null };
}

export type EngineEventListener = (event: EngineEvent) => void;

/** What a worker does instead of running the job it just took. */
export type TakenJobFault =
  { kind: "fail"; message: string } | { kind: "timeout" } | { kind: "crash" };

/** The webhook delivery about to be attempted. */
export interface WebhookTarget {
  account_id: string;
  endpoint_id: string;
  url: string;
}

/**
 * Points where something outside the engine may change what it does (the local platform's fault
 * injection installs them). The engine asks `active` first and calls nothing else while it is
 * false, so the hot paths pay one property read when nothing is installed or in force.
 */
export interface EngineInterceptors {
  readonly active: boolean;
  /** Cold start length (ms) of a new built-in worker; `configured` is the endpoint's own. */
  coldStartMs(endpoint: EndpointRecord, configured: number): number;
  /** A worker (built-in or external) just took this job: a fault to apply instead of running it. */
  takenJobFault(endpoint: EndpointRecord, jobId: string): TakenJobFault | undefined;
  /** Before a job-API operation (`op` is the path's first segment): may throw a problem (429). */
  beforeJobOperation(endpoint: EndpointRecord, op: string | undefined): void;
  /** True: this delivery fails as if the receiver answered 503, without calling it. */
  webhookDown(delivery: WebhookTarget): boolean;
}

const NONE: EngineInterceptors = {
  active: false,
  coldStartMs: (_endpoint, configured) => configured,
  takenJobFault: () => undefined,
  beforeJobOperation: () => {},
  webhookDown: () => false,
};

/**
 * The engine's extension points, owned by the engine: a stream of timeline events and the
 * interceptors. Defaults do nothing; the engine never knows who listens or intercepts.
 */
export class EngineHooks {
  private listeners: EngineEventListener[] = [];
  intercept: EngineInterceptors = NONE;

  /** Tells `listener` every event from now on; answers the unsubscribe. */
  subscribe(listener: EngineEventListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Replaces the interceptors (one set at a time); answers the uninstall. */
  install(interceptors: EngineInterceptors): () => void {
    this.intercept = interceptors;
    return () => {
      if (this.intercept === interceptors) this.intercept = NONE;
    };
  }

  /** Called after the step happened; with no listener it costs a loop over nothing. */
  emit(event: EngineEvent): void {
    for (const l of this.listeners) l(event);
  }
}
