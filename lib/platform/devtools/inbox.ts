import { randomBytes } from "node:crypto";
import type { DeliveryWithPayload, InboxMessage } from "@/lib/schemas/devtools";
import { assertJsonDepth, nulProblem } from "../http/json-guard";
import { problems } from "../http/problem";
import type { JobEngine } from "../jobs/engine/engine";

const iso = (ms: number) => new Date(ms).toISOString();
/** Messages kept per account (the oldest go first). */
const KEEP = 500;
const MAX_BODY = 1024 * 1024;

/**
 * The webhook inbox: a built-in receiver per account (`/_platform/inbox/<token>`, no key needed, so
 * jobs can post to it) that stores what it receives, the platform's own delivery attempts with
 * their payloads, and re-delivery of a past delivery.
 */
export class Inbox {
  private n = 0;

  constructor(private readonly e: JobEngine) {}

  /** Sortable ids (wall time, then a counter): messages at one frozen clock instant keep their order. */
  private nextId(): string {
    this.n = (this.n + 1) % 1000;
    return `msg_${String(Date.now() * 1000 + this.n).padStart(17, "0")}`;
  }

  /** The account's receiver token, made on first use (stored, so it survives restarts). */
  async token(accountId: string): Promise<string> {
    const key = `inbox-token:${accountId}`;
    const found = await this.e.db
      .selectFrom("platform_meta")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    if (found) return found.value;
    await this.e.db
      .insertInto("platform_meta")
      .values({ key, value: randomBytes(16).toString("hex") })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return (
      await this.e.db
        .selectFrom("platform_meta")
        .select("value")
        .where("key", "=", key)
        .executeTakeFirstOrThrow()
    ).value;
  }

  receiverUrl(token: string): string {
    return `${this.e.publicUrl()}/_platform/inbox/${token}`;
  }

  /** A post to a receiver URL: stored for its account; unknown tokens answer 404. */
  async receive(
    token: string,
    req: { method: string; contentType: string | null; userAgent: string | null; body: string },
  ): Promise<void> {
    const row = await this.e.db
      .selectFrom("platform_meta")
      .select("key")
      .where("key", "like", "inbox-token:%")
      .where("value", "=", token)
      .executeTakeFirst();
    if (!row) throw problems.notFound("inbox");
    // Stored as text: PostgreSQL refuses NUL, so both stores refuse it here alike.
    if (req.body.includes("\0")) throw nulProblem("the request body");
    const accountId = row.key.slice("inbox-token:".length);
    await this.e.db
      .insertInto("inbox_messages")
      .values({
        id: this.nextId(),
        account_id: accountId,
        at: this.e.clock.now(),
        method: req.method,
        content_type: req.contentType,
        user_agent: req.userAgent,
        body: req.body.slice(0, MAX_BODY),
      })
      .execute();
    const old = await this.e.db
      .selectFrom("inbox_messages")
      .select("at")
      .where("account_id", "=", accountId)
      .orderBy("at", "desc")
      .offset(KEEP)
      .limit(1)
      .executeTakeFirst();
    if (old)
      await this.e.db
        .deleteFrom("inbox_messages")
        .where("account_id", "=", accountId)
        .where("at", "<=", Number(old.at))
        .execute();
  }

  async messages(accountId: string, limit = 100): Promise<InboxMessage[]> {
    const rows = await this.e.db
      .selectFrom("inbox_messages")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => {
      let body: unknown = r.body;
      if (r.content_type?.includes("json")) {
        try {
          assertJsonDepth(r.body); // too deep to answer as JSON: shown as the text it is
          body = JSON.parse(r.body);
        } catch {
          body = r.body;
        }
      }
      return {
        id: r.id,
        at: iso(Number(r.at)),
        method: r.method,
        contentType: r.content_type,
        userAgent: r.user_agent,
        body,
      };
    });
  }

  async clear(accountId: string): Promise<void> {
    await this.e.db.deleteFrom("inbox_messages").where("account_id", "=", accountId).execute();
  }

  /** Every delivery the platform made or will make for the account, newest first, with payloads. */
  async deliveries(accountId: string, limit = 100): Promise<DeliveryWithPayload[]> {
    const base = await this.e.webhooks.list(accountId, {});
    const slice = base.slice(0, limit);
    if (slice.length === 0) return [];
    const payloads = await this.e.db
      .selectFrom("webhook_deliveries")
      .select(["id", "payload"])
      .where(
        "id",
        "in",
        slice.map((d) => d.id),
      )
      .execute();
    const byId = new Map(payloads.map((p) => [p.id, p.payload]));
    return slice.map((d) => {
      const raw = byId.get(d.id);
      let payload: unknown = raw;
      try {
        payload = raw === undefined ? null : JSON.parse(raw);
      } catch {
        payload = raw;
      }
      return { ...d, payload };
    });
  }

  /** Queues the same payload to the same URL again, as a new delivery with its own attempts. */
  async redeliver(accountId: string, deliveryId: string): Promise<string> {
    const d = await this.e.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("id", "=", deliveryId)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!d) throw problems.notFound("webhook delivery");
    const now = this.e.clock.now();
    const id = this.e.ids.next("request");
    await this.e.db
      .insertInto("webhook_deliveries")
      .values({
        ...d,
        id,
        status: "pending",
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        created_at: now,
      })
      .execute();
    this.e.scheduler.hint("webhooks", now);
    return id;
  }
}
