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
export class UsageRecorder {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountsService,
    private readonly events: EventBus,
    private readonly ids: Ids,
    private readonly log: Logger,
  ) {}

  async record(input: UsageInput): Promise<UsageResult> {
    const a = input.amounts;
    const total = finite(a.total);
    await this.db
      .insertInto("usage_records")
      .values({
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
        total,
        at: Math.floor(input.at),
      })
      .execute();
    if (total === 0) {
      const account = await this.accounts.getAccount(input.accountId);
      return { balance: account.balance, depleted: false };
    }
    const balance = await this.accounts.adjustBalance(input.accountId, -total);
    const depleted = total > 0 && balance <= 0 && balance + total > 0;
    if (depleted) {
      await recordAccountEvent(this.db, this.ids, {
        accountId: input.accountId,
        type: "account.balance-depleted",
        detail: `balance reached ${balance.toFixed(4)} USD after a ${input.product} charge for ${input.resourceId}`,
        at: input.at,
      });
      this.log.info({ account: input.accountId, balance }, "account balance depleted");
      this.events.emit("account.balance-depleted", { accountId: input.accountId });
    }
    return { balance, depleted };
  }
}

function finite(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) ? n : 0;
}
