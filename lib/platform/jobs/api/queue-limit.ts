import { problem } from "../../http/problem";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { JobEngine } from "../engine/engine";

/** platform-notes §1.7: a queue may hold more than 50 jobs only up to `workers.max × 500`. */
const QUEUE_FLOOR = 50;
const PER_MAX_WORKER = 500;
/** How long (real time) a counted queue size is trusted while this instance's submissions add to it. */
const FRESH_MS = 500;

/** The most jobs an endpoint's queue may hold: max(50, workers.max × 500). */
export function queueCapacity(endpoint: Pick<EndpointRecord, "workers">): number {
  return Math.max(QUEUE_FLOOR, endpoint.workers.max * PER_MAX_WORKER);
}

interface QueueState {
  /** Queue size counted when nothing of ours was in flight, plus every admission since. */
  estimate: number;
  /** When `estimate` was counted (performance.now()), null when it must be counted again. */
  countedAt: number | null;
  /** Admitted submissions whose insert has not finished. */
  inflight: Set<Promise<unknown>>;
  /** Serialises the counting path. */
  lock: Promise<unknown>;
}

/**
 * The queue-size rule of `/run` and `/runsync`: a submission that would grow the queue past
 * `queueCapacity` answers 429 and is not queued.
 *
 * Counting the queue on every submission would make `/run` O(queue) and serialise it, so a count
 * is reused for a moment and grows with each admission: an over-estimate (workers only shrink the
 * queue), so admitting while it is below capacity is safe. When it reaches capacity or grows old,
 * the queue is counted again once this instance's in-flight inserts have landed, which makes the
 * decision at the limit exact for one instance. Instances sharing PostgreSQL do not see each
 * other's last moment of submissions, so a shared queue may overshoot by that much. Off together
 * with the other job API limits (PLATFORM_JOB_RATE_LIMITS=off).
 */
export class QueueLimit {
  private readonly states = new Map<string, QueueState>();

  constructor(private readonly e: JobEngine) {}

  /** Runs `submit` (which must resolve once the job is stored) if the queue has room; 429 otherwise. */
  async admit<T>(endpoint: EndpointRecord, submit: () => Promise<T>): Promise<T> {
    if (this.e.config.rateLimitFactor === "off") return submit();
    const capacity = queueCapacity(endpoint);
    const s = this.stateOf(endpoint.id);
    if (this.roomByEstimate(s, capacity)) return this.track(s, submit);
    // The counting path runs one at a time; it holds the lock only until its submission is
    // started and tracked (wrapped, so the lock does not wait for the insert itself).
    const turn = s.lock.then(async () => {
      if (!this.roomByEstimate(s, capacity)) {
        await Promise.allSettled([...s.inflight]);
        const queued = await this.count(endpoint.id, capacity);
        if (queued >= capacity) {
          s.countedAt = null;
          throw problem(
            429,
            `the queue of endpoint ${endpoint.id} is full: ${queued} jobs wait, at most ${capacity} ` +
              `(max(50, workers.max ${endpoint.workers.max} × 500)); retry once workers have taken some`,
            undefined,
            { "Retry-After": "5" },
          );
        }
        s.estimate = queued + 1;
        s.countedAt = performance.now();
      }
      return { submitted: this.track(s, submit) };
    });
    s.lock = turn.catch(() => undefined);
    return (await turn).submitted;
  }

  private stateOf(endpointId: string): QueueState {
    let s = this.states.get(endpointId);
    if (!s) {
      s = { estimate: 0, countedAt: null, inflight: new Set(), lock: Promise.resolve() };
      this.states.set(endpointId, s);
    }
    return s;
  }

  /** Admits on the estimate alone (and counts the admission) when it is fresh and below capacity. */
  private roomByEstimate(s: QueueState, capacity: number): boolean {
    if (s.countedAt === null || performance.now() - s.countedAt >= FRESH_MS) return false;
    if (s.estimate >= capacity) return false;
    s.estimate++;
    return true;
  }

  private track<T>(s: QueueState, submit: () => Promise<T>): Promise<T> {
    const p = submit();
    s.inflight.add(p);
    const done = () => s.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Queued jobs of the endpoint, counted up to `cap` (the index on endpoint, status, seq serves it). */
  private async count(endpointId: string, cap: number): Promise<number> {
    const row = await this.e.db
      .selectFrom(this.e.repo.inStatus(endpointId, "IN_QUEUE").select("id").limit(cap).as("q"))
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
