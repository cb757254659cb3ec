import type { Kysely } from "kysely";
import type { AccountsService } from "../accounts/accounts.service";
import type { EventBus } from "../events";
import type { Ids } from "../ids";
import type { Logger } from "../logger";
import type { Database } from "../store/schema";
import { recordAccountEvent } from "./account-events";

/** Billing families, one per `/v2/billing/*` route (storage = network volumes, endpoint = hosted models). */
export type UsageProduct = "pod" | "serverless" | "storage" | "endpoint" | "cluster";

/** USD amounts of one usage record; `total` is what the balance is charged. */
export interface UsageAmounts {
  gpu?: number;
  cpu?: number;
  disk?: number;
  fee?: number;
  standard?: number;
  highPerformance?: number;
  networking?: number;
  total: number;
}

export interface UsageInput {
  accountId: string;
  product: UsageProduct;
  /** Pod, endpoint, volume or cluster id; the model slug for hosted models. */
  resourceId: string;
  amounts: UsageAmounts;
  /** Instant (platform clock, ms) the usage belongs to; it decides the billing bucket. */
  at: number;
}

export interface UsageResult {
  /** Balance after the charge (USD). */
  balance: number;
  /** True when this charge took the balance from above zero to zero or below. */
  depleted: boolean;
}

/**
 * Persists usage rows and charges the account. Every module that costs money goes through
 * `record`, so billing reports and the balance cannot disagree. When a charge crosses zero the
 * recorder logs an account event and emits `account.balance-depleted` (the pods module stops
 * pods; others may react too).
 */
/** Brings one kind of metered resource up to date: charges what accrued until `now`. */
export type AccrualSource = (now: number, accountId?: string) => Promise<void>;

export class UsageRecorder {
  private readonly sources: AccrualSource[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountsService,
    private readonly events: EventBus,
    private readonly ids: Ids,
    private readonly log: Logger,
  ) {}

  /**
   * Modules whose resources accrue by time (pods, volumes) register here, so billing answers and
   * the scheduler's tick can bring every meter up to date without knowing the modules.
   */
  addAccrualSource(source: AccrualSource): void {
    this.sources.push(source);
  }

  /** Runs every accrual source (one account, or all when omitted). The scheduler may call this as a tick. */
  async accrueAll(now: number, accountId?: string): Promise<void> {
    for (const source of this.sources) await source(now, accountId);
  }

  async record(input: UsageInput): Promise<UsageResult> {
    return this.recordMany([input]);
  }

  /**
   * Several rows of ONE account (e.g. an interval cut at hour boundaries): inserted together and
   * charged once.
   */
  async recordMany(inputs: UsageInput[]): Promise<UsageResult> {
    const first = inputs[0];
    if (!first) throw new Error("recordMany needs at least one usage row");
    if (inputs.some((i) => i.accountId !== first.accountId))
      throw new Error("recordMany takes rows of one account");
    const rows = inputs.map((input) => {
      const a = input.amounts;
      return {
        id: this.ids.next("request"),
        account_id: input.accountId,
        product: input.product,
        resource_id: input.resourceId,
        gpu: finite(a.gpu),
        cpu: finite(a.cpu),
        disk: finite(a.disk),
        fee: finite(a.fee),
        standard: finite(a.standard),
        high_performance: finite(a.highPerformance),
        networking: finite(a.networking),
        total: finite(a.total),
        at: Math.floor(input.at),
      };
    });
    // Insert in slices: SQLite caps bound parameters per statement.
    for (let i = 0; i < rows.length; i += 200) {
      await this.db
        .insertInto("usage_records")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const total = rows.reduce((sum, r) => sum + r.total, 0);
    if (total === 0) {
      const account = await this.accounts.getAccount(first.accountId);
      return { balance: account.balance, depleted: false };
    }
    const balance = await this.accounts.adjustBalance(first.accountId, -total);
    const depleted = total > 0 && balance <= 0 && balance + total > 0;
    if (depleted) {
      const last = inputs[inputs.length - 1]!;
      await recordAccountEvent(this.db, this.ids, {
        accountId: first.accountId,
        type: "account.balance-depleted",
        detail: `balance reached ${balance.toFixed(4)} USD after a ${last.product} charge for ${last.resourceId}`,
        at: last.at,
      });
      this.log.info({ account: first.accountId, balance }, "account balance depleted");
      this.events.emit("account.balance-depleted", { accountId: first.accountId });
    }
    return { balance, depleted };
  }
}

function finite(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) ? n : 0;
}
