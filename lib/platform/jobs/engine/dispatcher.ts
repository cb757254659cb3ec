import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import type { JobsTable } from "../../store/schema-jobs";
import type { EndpointCache } from "./endpoint-cache";
import type { JobSignals } from "./job-signals";
import type { JobsRepository } from "../store/jobs.repository";

/** Someone waiting for work on an endpoint: a held job-take request, or an idle built-in worker. */
export interface TakeWaiter {
  workerId: string;
  /** Jobs it can take at once (job-take-batch `batch_size`). */
  batch: number;
  /** The receiver went away (closed connection, stopped worker): never hand it a job. */
  gone(): boolean;
  /** Hands claimed jobs over; false when the receiver went away meanwhile (the jobs are then unclaimed). */
  deliver(rows: JobsTable[]): boolean;
}

/**
 * Matches queued jobs with waiting workers on this instance. Each queue signal (local, or a NOTIFY
 * from another instance) counts as one new job; a dispatch round claims for that many waiters at
 * once (longest waiting first), and keeps going — doubling — while claims succeed. Every claim is
 * atomic in the store, so instances never hand out the same job; rounds per endpoint are serialized
 * so a burst does not turn into a claim per waiter per signal.
 */
export class Dispatcher {
  private readonly waiters = new Map<string, TakeWaiter[]>();
  private readonly running = new Set<string>();
  private readonly signalled = new Map<string, number>();
  /**
   * Endpoints whose last round found nothing queued and that had no queue signal since: a new
   * waiter there does not claim (on PostgreSQL each claim is a round trip). Kept only while the
   * endpoint has waiters, i.e. while this instance hears its queue signals.
   */
  private readonly drained = new Set<string>();
  private readonly unsubscribers = new Map<string, () => void>();
  private closed = false;

  constructor(
    private readonly repo: JobsRepository,
    private readonly endpoints: EndpointCache,
    private readonly signals: JobSignals,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly onDispatched: (endpointId: string, rows: JobsTable[]) => void,
    /**
     * Counts a dispatch round as the scheduler's work in progress (Scheduler.track), so a manual
     * clock's settle waits for a claim in flight: otherwise, on a store whose claim is a round
     * trip, the clock could move on before the worker starts its job, and the job would start at
     * the later time.
     */
    private readonly track: (round: Promise<void>) => Promise<void> = (round) => round,
  ) {}

  /** Registers a waiter and tries to serve it at once. Returns the remover. */
  add(endpointId: string, waiter: TakeWaiter): () => void {
    let list = this.waiters.get(endpointId);
    if (!list) {
      list = [];
      this.waiters.set(endpointId, list);
      // Not subscribed until now: queue signals may have been missed, so nothing is known.
      this.drained.delete(endpointId);
      this.unsubscribers.set(
        endpointId,
        this.signals.on("queue", endpointId, () => this.dispatch(endpointId)),
      );
    }
    list.push(waiter);
    // A job queued but not yet committed has signalled already; nothing queued needs no claim.
    // The embedded store knows that at once (a read, not a claim): the endpoint is drained, so the
    // next job can go straight to a waiter (directWaiter).
    if (!this.drained.has(endpointId)) {
      if (this.repo.maybeQueued(endpointId) === false) this.markDrained(endpointId);
      else this.dispatch(endpointId);
    }
    return () => this.remove(endpointId, waiter);
  }

  private remove(endpointId: string, waiter: TakeWaiter | null) {
    const list = this.waiters.get(endpointId);
    if (!list) return;
    const i = waiter ? list.indexOf(waiter) : -1;
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) {
      this.waiters.delete(endpointId);
      this.signalled.delete(endpointId);
      this.drained.delete(endpointId);
      this.unsubscribers.get(endpointId)?.();
      this.unsubscribers.delete(endpointId);
    }
  }

  /** Only while subscribed to the endpoint's queue signals, which are what clear it. */
  private markDrained(endpointId: string): void {
    if (this.waiters.has(endpointId)) this.drained.add(endpointId);
  }

  /** Shutdown: no more claims (the store is about to close). */
  close(): void {
    this.closed = true;
    this.waiters.clear();
  }

  waiting(endpointId: string): number {
    return this.waiters.get(endpointId)?.length ?? 0;
  }

  /**
   * A new job may go straight to a waiting worker — stored already claimed by it, which saves the
   * claim's round trip on PostgreSQL — when this instance knows nothing older is queued for the
   * endpoint (its last round found the queue empty and no queue signal came since) and no round is
   * running. The waiter leaves the list; `handOver` then gives it the stored job, or `giveBack`
   * returns it when the job could not be stored.
   */
  directWaiter(endpointId: string): TakeWaiter | null {
    if (this.closed || !this.drained.has(endpointId) || this.running.has(endpointId)) return null;
    const w = this.waiters.get(endpointId)?.find((x) => !x.gone());
    if (!w) return null;
    this.remove(endpointId, w);
    return w;
  }

  /**
   * The job stored for `waiter` (directWaiter) is handed over; if the waiter went away meanwhile,
   * the job goes back to the queue (its place by seq) for the next worker, on any instance.
   */
  async handOver(waiter: TakeWaiter, row: JobsTable): Promise<void> {
    if (!this.closed && !waiter.gone() && waiter.deliver([row])) {
      this.onDispatched(row.endpoint_id, [row]);
      return;
    }
    if (await this.repo.unclaim(row.id, waiter.workerId))
      this.signals.emit("queue", row.endpoint_id);
  }

  /** The job for `waiter` (directWaiter) was not stored: the waiter waits on, first in line. */
  giveBack(endpointId: string, waiter: TakeWaiter): void {
    if (this.closed || waiter.gone()) return;
    this.add(endpointId, waiter);
    const list = this.waiters.get(endpointId)!;
    list.unshift(...list.splice(list.indexOf(waiter), 1));
  }

  /** Safety net for lost signals: one claim attempt per endpoint that has waiters. */
  pollAll(): void {
    for (const endpointId of this.waiters.keys()) this.dispatch(endpointId);
  }

  /** A job may be available: one more claim in the next round. */
  dispatch(endpointId: string): void {
    if (this.closed || !this.waiters.has(endpointId)) return;
    this.drained.delete(endpointId);
    this.signalled.set(endpointId, (this.signalled.get(endpointId) ?? 0) + 1);
    this.start(endpointId);
  }

  private start(endpointId: string): void {
    if (this.running.has(endpointId)) return;
    this.running.add(endpointId);
    void this.track(this.run(endpointId))
      .catch((err: unknown) => {
        if (!this.closed) this.log.error({ err, endpointId }, "dispatch failed");
      })
      .finally(() => {
        this.running.delete(endpointId);
        if (
          !this.closed &&
          this.waiters.has(endpointId) &&
          (this.signalled.get(endpointId) ?? 0) > 0
        )
          this.start(endpointId);
      });
  }

  private async run(endpointId: string): Promise<void> {
    let want = 0;
    for (;;) {
      want = Math.max(want, this.signalled.get(endpointId) ?? 0);
      this.signalled.set(endpointId, 0);
      const list = this.waiters.get(endpointId);
      if (!list || this.closed) return;
      for (const w of list.filter((x) => x.gone())) this.remove(endpointId, w);
      if (!this.waiters.has(endpointId)) return;
      const endpoint = await this.endpoints.get(endpointId);
      if (!endpoint) return;
      // Waiters stay in the list while their claim runs; only the served ones leave it.
      const picked = list.filter((x) => !x.gone()).slice(0, Math.max(1, want));
      const now = this.clock.now();
      const results = await this.repo.claimEach(
        endpointId,
        picked.map((w) => ({ workerId: w.workerId, batch: w.batch })),
        now,
        endpoint.timeout,
      );
      let served = 0;
      for (const [i, w] of picked.entries()) {
        const rows = results[i]!;
        if (rows.length === 0) continue;
        this.remove(endpointId, w);
        if (!w.gone() && w.deliver(rows)) {
          served++;
          this.onDispatched(endpointId, rows);
          continue;
        }
        // The receiver left between the claim and the hand-over: the jobs go back to their place.
        for (const r of rows) await this.repo.unclaim(r.id, w.workerId);
        this.signalled.set(endpointId, (this.signalled.get(endpointId) ?? 0) + rows.length);
      }
      const pending = (this.signalled.get(endpointId) ?? 0) > 0;
      if (served === 0 && !pending) {
        if (results.every((r) => r.length === 0)) this.markDrained(endpointId);
        return;
      }
      // Claims succeeded: more may be queued (a backlog from before the waiters came); try twice
      // as many waiters next round — unless the store says the queue is now empty.
      if (!pending && this.repo.queuedAfterClaim(endpointId) === false) {
        this.markDrained(endpointId);
        return;
      }
      want = served * 2;
    }
  }
}
