import type { WebhookDelivery } from "@/lib/schemas/jobs";
import type { JobsTable, WebhookDeliveriesTable } from "../../store/schema-jobs";
import type { JobEngine } from "./engine";
import { toJob } from "../store/job-mapper";

/** Seed Events 1: the receiver should answer 200; otherwise up to 2 more attempts, 10 s apart. */
export const WEBHOOK_ATTEMPTS = 3;
export const WEBHOOK_RETRY_MS = 10_000;
const ATTEMPT_TIMEOUT_MS = 10_000;
/** An instance delivering holds the row this long (wall ms); a crashed delivery is retried after it. */
const LEASE_MS = 30_000;

/** A delivery reserved at submit whose job has not ended yet (not listed, never due). */
const WAITING = "waiting";
/** Statuses that end a job through the worker or the platform (the webhook fires for these). */
export const WEBHOOK_STATUSES: readonly string[] = ["COMPLETED", "FAILED", "TIMED_OUT"];
/** A reservation without its job this long (platform clock) belongs to an insert that never committed. */
const ORPHAN_GRACE_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** `webhook.down` fault: the attempt fails as a 503 without calling the receiver. */
class InjectedDown extends Error {
  constructor() {
    super("receiver answered 503 (injected fault: webhook.down)");
  }
}

/**
 * Job completion webhooks. Each delivery is a row whose `next_attempt_at` is a stored due time the
 * scheduler fires (so retries survive a restart and a manual clock drives them); every attempt is
 * recorded and readable through `GET /_platform/webhooks`.
 */
export class WebhookService {
  constructor(private readonly e: JobEngine) {}

  /**
   * Reserves the job's delivery before the job is acknowledged (`waiting`: no payload, never due).
   * The terminal transition and the call's queueing are two statements: if the instance dies
   * between them, the `poll` sweep still finds the reserved row of a finished job and queues it,
   * so an acknowledged job's webhook is never lost with an instance.
   */
  async reserve(row: Pick<JobsTable, "id" | "account_id" | "endpoint_id" | "webhook">) {
    if (!row.webhook) return;
    await this.e.db
      .insertInto("webhook_deliveries")
      .values({
        id: this.e.ids.next("request"),
        job_id: row.id,
        account_id: row.account_id,
        endpoint_id: row.endpoint_id,
        url: row.webhook,
        payload: "",
        status: WAITING,
        attempts: 0,
        next_attempt_at: null,
        lease_until: null,
        created_at: this.e.clock.now(),
      })
      .execute();
  }

  /** Queues the call with the job as `/status` answers it now (the payload is fixed at completion). */
  async enqueue(row: JobsTable): Promise<void> {
    if (!row.webhook) return;
    const now = this.e.clock.now();
    const payload = JSON.stringify(toJob(row));
    // The reserved row, once: the sweep may race us to it (a conditional update picks one).
    const res = await this.e.db
      .updateTable("webhook_deliveries")
      .set({ status: "pending", payload, next_attempt_at: now, created_at: now })
      .where("job_id", "=", row.id)
      .where("status", "=", WAITING)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      // Nothing reserved (a job submitted before reservations existed): queue it as before.
      const any = await this.e.db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("job_id", "=", row.id)
        .executeTakeFirst();
      if (any) return;
      await this.e.db
        .insertInto("webhook_deliveries")
        .values({
          id: this.e.ids.next("request"),
          job_id: row.id,
          account_id: row.account_id,
          endpoint_id: row.endpoint_id,
          url: row.webhook,
          payload,
          status: "pending",
          attempts: 0,
          next_attempt_at: now,
          lease_until: null,
          created_at: now,
        })
        .execute();
    }
    this.e.scheduler.hint("webhooks", now);
  }

  /**
   * Reserved deliveries of jobs that ended while their instance died before queueing the call are
   * queued now; those of jobs that were cancelled or deleted (or whose insert never committed) go.
   */
  private async sweepReserved(): Promise<void> {
    const cutoff = this.e.clock.now() - ORPHAN_GRACE_MS;
    const stranded = await this.e.db
      .selectFrom("webhook_deliveries as d")
      .leftJoin("jobs as j", "j.id", "d.job_id")
      .select(["d.id as deliveryId", "d.job_id as jobId", "j.status as jobStatus"])
      .where("d.status", "=", WAITING)
      .where((eb) =>
        eb.or([
          eb("j.status", "in", [...WEBHOOK_STATUSES, "CANCELLED"]),
          eb.and([eb("j.id", "is", null), eb("d.created_at", "<", cutoff)]),
        ]),
      )
      .limit(100)
      .execute();
    for (const s of stranded) {
      const job =
        s.jobStatus && WEBHOOK_STATUSES.includes(s.jobStatus)
          ? await this.e.repo.get(s.jobId)
          : undefined;
      if (job && job.webhook && WEBHOOK_STATUSES.includes(job.status)) await this.enqueue(job);
      else
        await this.e.db
          .deleteFrom("webhook_deliveries")
          .where("id", "=", s.deliveryId)
          .where("status", "=", WAITING)
          .execute();
    }
  }

  async nextDue(): Promise<number | null> {
    const row = await this.e.db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.min("next_attempt_at").as("due"))
      .where("status", "=", "pending")
      .executeTakeFirst();
    return row?.due === null || row?.due === undefined ? null : Number(row.due);
  }

  async fire(now: number): Promise<void> {
    const due = await this.e.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .orderBy("next_attempt_at")
      .limit(100)
      .execute();
    const wall = Date.now();
    for (const d of due) {
      // Claim: one instance per attempt; `next_attempt_at` is cleared while the call is in flight.
      const res = await this.e.db
        .updateTable("webhook_deliveries")
        .set({ next_attempt_at: null, lease_until: wall + LEASE_MS })
        .where("id", "=", d.id)
        .where("status", "=", "pending")
        .where("next_attempt_at", "=", d.next_attempt_at)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) void this.e.scheduler.run(() => this.attempt(d));
    }
  }

  /** Deliveries whose instance died mid-call become due again once their lease ran out. */
  async poll(): Promise<void> {
    await this.sweepReserved();
    await this.e.db
      .updateTable("webhook_deliveries")
      .set({ next_attempt_at: this.e.clock.now(), lease_until: null })
      .where("status", "=", "pending")
      .where("next_attempt_at", "is", null)
      .where("lease_until", "<", Date.now())
      .execute();
  }

  private async attempt(d: WebhookDeliveriesTable): Promise<void> {
    const attempt = Number(d.attempts) + 1;
    const at = this.e.clock.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const { intercept } = this.e.hooks;
      if (intercept.active && intercept.webhookDown(d)) throw new InjectedDown();
      const res = await fetch(d.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Hangar-Platform-Webhook/1.0",
        },
        body: d.payload,
        // A redirect is the receiver's answer, not a new receiver: it fails the attempt (and is
        // retried like any failure) instead of sending the job to wherever it points.
        redirect: "manual",
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 300 && res.status < 400)
        error = `receiver answered ${res.status} (redirects are not followed)`;
      else if (res.status !== 200) error = `receiver answered ${res.status}`;
    } catch (err) {
      if (err instanceof InjectedDown) statusCode = 503;
      error =
        err instanceof Error
          ? err.cause instanceof Error
            ? `${err.message}: ${err.cause.message}`
            : err.message
          : String(err);
    }
    const durationMs = Math.round(performance.now() - started);
    this.e.hooks.emit({
      endpointId: d.endpoint_id,
      jobId: d.job_id,
      type: "webhook.attempt",
      detail: `attempt ${attempt}: ${statusCode ?? "no answer"}${error && statusCode !== 200 ? ` (${error})` : ""}`,
    });
    await this.e.db
      .insertInto("webhook_attempts")
      .values({
        id: this.e.ids.next("request"),
        delivery_id: d.id,
        attempt,
        at,
        status_code: statusCode,
        error,
        duration_ms: durationMs,
      })
      .execute();
    const delivered = statusCode === 200;
    const next =
      delivered || attempt >= WEBHOOK_ATTEMPTS ? null : this.e.clock.now() + WEBHOOK_RETRY_MS;
    await this.e.db
      .updateTable("webhook_deliveries")
      .set({
        attempts: attempt,
        status: delivered ? "delivered" : next === null ? "failed" : "pending",
        next_attempt_at: next,
        lease_until: null,
      })
      .where("id", "=", d.id)
      .execute();
    this.e.scheduler.hint("webhooks", next);
  }

  async list(
    accountId: string,
    filter: { jobId?: string; endpointId?: string },
  ): Promise<WebhookDelivery[]> {
    let q = this.e.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("status", "!=", WAITING);
    if (filter.jobId) q = q.where("job_id", "=", filter.jobId);
    if (filter.endpointId) q = q.where("endpoint_id", "=", filter.endpointId);
    const deliveries = await q.orderBy("created_at", "desc").orderBy("id").limit(200).execute();
    if (deliveries.length === 0) return [];
    const attempts = await this.e.db
      .selectFrom("webhook_attempts")
      .selectAll()
      .where(
        "delivery_id",
        "in",
        deliveries.map((d) => d.id),
      )
      .orderBy("attempt")
      .execute();
    return deliveries.map((d) => ({
      id: d.id,
      jobId: d.job_id,
      endpointId: d.endpoint_id,
      url: d.url,
      status: d.status as WebhookDelivery["status"],
      attempts: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a) => ({
          attempt: Number(a.attempt),
          at: iso(Number(a.at)),
          statusCode: a.status_code === null ? null : Number(a.status_code),
          error: a.error,
          durationMs: Number(a.duration_ms),
        })),
      nextAttemptAt: d.next_attempt_at === null ? null : iso(Number(d.next_attempt_at)),
      createdAt: iso(Number(d.created_at)),
    }));
  }
}
