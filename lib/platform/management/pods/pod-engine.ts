import type { Kysely } from "kysely";
import type { PodStatus } from "@/lib/schemas/pods";
import { recordAccountEvent } from "../../billing/account-events";
import { diskCost, hourlyCost, POD_DISK_RATES, splitByHour } from "../../billing/rates";
import type { UsageAmounts, UsageInput, UsageRecorder } from "../../billing/usage-recorder";
import { claimBillingMark } from "../../http/owned-rows";
import type { Ids } from "../../ids";
import { podLogKey, type LogHub } from "../../logs/log-hub";
import { podCreatedLine, podTransitionLine } from "../../logs/pod-lines";
import type { Database } from "../../store/schema";
import type { PodsTable } from "../../store/schema-compute";
import { assertTransition, isComputeBilled, timedTransition, type PodEvent } from "./pod-lifecycle";
import { parseDoc } from "./pod-record";
import { activePodsOfBrokeAccounts, casPod, duePodRows, podsBilledBefore } from "./pods.repository";

/** Reads and ticks charge a pod at most this often (status changes always settle first). */
export const POD_ACCRUAL_MIN_MS = 60_000;

/**
 * Time-driven side of pods: timed transitions (stored due times, applied lazily on read and by the
 * scheduler's tick), per-interval charges, and the balance rule. No timers: the platform clock and
 * the rows are the whole state, so a restart or another instance picks up where this one left.
 */
export class PodEngine {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ids: Ids,
    private readonly usage: UsageRecorder,
    /** Where the pod's system log lines go (its `/logs` stream). */
    private readonly logs?: LogHub,
  ) {}

  /** A new pod's first system line. */
  created(row: PodsTable): void {
    this.logs?.append(
      podLogKey(row.id),
      "system",
      podCreatedLine(parseDoc(row), row.data_center_id),
      Number(row.created_at),
    );
  }

  /** Charges for [billed_until, to) at the rates of the pod's current status; one row per clock hour. */
  async settle(row: PodsTable, to: number): Promise<boolean> {
    const from = Number(row.billed_until);
    if (to <= from || row.status === "TERMINATED") return false;
    if (!(await claimBillingMark(this.db, "pods", row.id, from, to))) return false;
    row.billed_until = to;
    const doc = parseDoc(row);
    const status = row.status as PodStatus;
    const persistentGb = doc.mounts.persistent?.size ?? 0;
    const inputs: UsageInput[] = [];
    for (const [start, end] of splitByHour(from, to)) {
      const ms = end - start;
      const amounts: UsageAmounts = { total: 0 };
      if (isComputeBilled(status)) {
        const compute = hourlyCost(doc.costPerHour, ms);
        if (doc.cpu) amounts.cpu = compute;
        else amounts.gpu = compute;
        amounts.disk = diskCost(doc.disk + persistentGb, POD_DISK_RATES.runningPerGbMonth, ms);
      } else {
        // A stopped pod keeps only its persistent volume (the container disk is wiped).
        amounts.disk = diskCost(persistentGb, POD_DISK_RATES.stoppedPerGbMonth, ms);
      }
      amounts.total = (amounts.gpu ?? 0) + (amounts.cpu ?? 0) + (amounts.disk ?? 0);
      if (amounts.total <= 0) continue;
      inputs.push({
        accountId: row.account_id,
        product: doc.cluster ? "cluster" : "pod",
        resourceId: doc.cluster ? doc.cluster.id : row.id,
        amounts,
        at: start,
      });
    }
    if (inputs.length === 0) return false;
    const result = await this.usage.recordMany(inputs);
    return result.balance <= 0;
  }

  /**
   * Applies one lifecycle event at `at`: settles charges at the old status first (rates change with
   * status), then compare-and-sets the row. Returns the updated row, or null if another request
   * changed the pod meanwhile (callers re-read).
   */
  async apply(
    row: PodsTable,
    event: PodEvent,
    at: number,
    extra: Partial<PodsTable> = {},
  ): Promise<PodsTable | null> {
    const next = assertTransition(row.status as PodStatus, event);
    await this.settle(row, at);
    const timed = timedTransition(next);
    const set: Partial<PodsTable> = {
      status: next,
      next_status: timed?.next ?? null,
      next_transition_at: timed ? at + timed.afterMs : null,
      updated_at: at,
      ...extra,
    };
    if (next === "RUNNING") set.started_at = at;
    if (next === "TERMINATED") set.terminated_at = at;
    if (!isComputeBilled(row.status as PodStatus) && isComputeBilled(next)) set.billed_until = at;
    if (!(await casPod(this.db, row, set))) return null;
    const updated = { ...row, ...set };
    if (this.logs) {
      const line = podTransitionLine(event, next, parseDoc(updated), updated.data_center_id);
      this.logs.append(podLogKey(row.id), "system", line, at);
      if (next === "TERMINATED") this.logs.end(podLogKey(row.id));
    }
    return updated;
  }

  /** Timed transitions due by `now`, in order, each at its own due time (so uptime counts from there). */
  async runDue(now: number, accountId?: string): Promise<void> {
    for (const row of await duePodRows(this.db, now, accountId)) {
      let current: PodsTable | null = row;
      while (
        current &&
        current.next_transition_at !== null &&
        Number(current.next_transition_at) <= now
      ) {
        const timed = timedTransition(current.status as PodStatus);
        if (!timed) break;
        current = await this.apply(current, timed.event, Number(current.next_transition_at));
      }
    }
  }

  /** Brings charges up to `now` for pods at least a minute behind. */
  async accrue(now: number, accountId?: string): Promise<void> {
    for (const row of await podsBilledBefore(this.db, now - POD_ACCRUAL_MIN_MS + 1, accountId)) {
      await this.settle(row, now);
    }
  }

  /**
   * The seed's balance rule: when the balance reaches zero, pods stop (EXITED). A pod with a
   * network volume keeps its data there; storage keeps accruing. Each stop is logged as an
   * account event so the user can see why.
   */
  async enforceBalance(now: number, accountId?: string): Promise<void> {
    for (const row of await activePodsOfBrokeAccounts(this.db, accountId)) {
      const stopped = await this.apply(row, "stop", now);
      if (!stopped) continue;
      const volume = row.network_volume_id;
      await recordAccountEvent(this.db, this.ids, {
        accountId: row.account_id,
        type: "pod.stopped.balance-depleted",
        resourceType: "pod",
        resourceId: row.id,
        detail: volume
          ? `pod ${row.id} (${row.name}) was stopped because the account balance reached zero; its data stays on network volume ${volume}, whose storage keeps accruing`
          : `pod ${row.id} (${row.name}) was stopped because the account balance reached zero`,
        at: now,
      });
    }
  }

  /** Everything time-driven, in order: transitions, charges, then the balance rule. */
  async advance(now: number, accountId?: string): Promise<void> {
    await this.runDue(now, accountId);
    await this.accrue(now, accountId);
    await this.enforceBalance(now, accountId);
  }
}
