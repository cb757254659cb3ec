import type { Kysely } from "kysely";
import type { CreatePodInput, Pod, PodAction, PodStatus, UpdatePodInput } from "@/lib/schemas/pods";
import type { AccountsService } from "../../accounts/accounts.service";
import type { AvailabilityService } from "../../catalog/availability.service";
import type { Clock } from "../../clock";
import { problem, problems } from "../../http/problem";
import { violation } from "../../http/rule-violations";
import type { Ids } from "../../ids";
import type { Database } from "../../store/schema";
import type { PodsTable } from "../../store/schema-compute";
import { globalIp, planPod, type PodPlan } from "./pod-create";
import type { PodEngine } from "./pod-engine";
import { assertTransition, POD_TIMINGS } from "./pod-lifecycle";
import { assertNotClusterMember, patchPod } from "./pod-patch";
import { canRestartIn } from "./pod-placement";
import { parseDoc, toPod, type PodDoc } from "./pod-record";
import {
  findPodRowAnyAccount,
  getPodRowOrThrow,
  insertPods,
  listPodRows,
  updatePodFields,
} from "./pods.repository";

/** Concurrent changes to one pod are retried this many times before answering 409. */
const RETRIES = 3;

/**
 * Pods: the API operations. Every read first lets the engine catch up with the platform clock
 * (timed transitions, charges, balance rule), so answers are right without a scheduler.
 */
export class PodsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly accounts: AccountsService,
    private readonly availability: AvailabilityService,
    readonly engine: PodEngine,
  ) {}

  async list(accountId: string, includeClusterPods: boolean): Promise<Pod[]> {
    const now = await this.catchUp(accountId);
    return (await listPodRows(this.db, accountId, includeClusterPods)).map((r) => toPod(r, now));
  }

  async get(accountId: string, id: string): Promise<Pod> {
    const now = await this.catchUp(accountId);
    return toPod(await getPodRowOrThrow(this.db, accountId, id), now);
  }

  async create(accountId: string, body: CreatePodInput): Promise<Pod> {
    await this.catchUp(accountId);
    await this.requireCredit(accountId);
    const plan = await planPod(this.db, accountId, body, await this.availability.snapshot());
    const row = this.newRow(accountId, body.name, plan, this.clock.now());
    await insertPods(this.db, [row]);
    this.engine.created(row);
    return toPod(row, this.clock.now());
  }

  /** A row in PROVISIONING with its first timed transition due. Also used for cluster members. */
  newRow(
    accountId: string,
    name: string,
    plan: PodPlan,
    now: number,
    clusterId: string | null = null,
  ): PodsTable {
    return {
      id: this.ids.next("pod"),
      account_id: accountId,
      name,
      status: "PROVISIONING",
      data: JSON.stringify(plan.doc),
      data_center_id: plan.placement.dataCenterId,
      cluster_id: clusterId,
      network_volume_id: plan.networkVolumeId,
      locked: 0,
      cuda_version: plan.placement.cudaVersion,
      template_id: plan.templateId,
      next_status: "STARTING",
      next_transition_at: now + POD_TIMINGS.provisionMs,
      billed_until: now,
      started_at: null,
      terminated_at: null,
      created_at: now,
      updated_at: now,
    };
  }

  async update(accountId: string, id: string, body: UpdatePodInput): Promise<Pod> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const now = await this.catchUp(accountId);
      const row = await getPodRowOrThrow(this.db, accountId, id);
      assertNotClusterMember(row, "modified");
      if (row.status === "TERMINATED")
        throw problems.conflict(`pod ${id} is TERMINATED and cannot be modified`);
      const set = await patchPod(this.db, accountId, row, body);
      if (await updatePodFields(this.db, row, { ...set, updated_at: now })) {
        return toPod({ ...row, ...set, updated_at: now }, now);
      }
    }
    throw problems.conflict(`pod ${id} changed while it was being updated; retry`);
  }

  /** `POST /v2/pods/{id}/action`. Returns null for terminate (204). */
  async action(accountId: string, id: string, action: PodAction): Promise<Pod | null> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const now = await this.catchUp(accountId);
      const row = await getPodRowOrThrow(this.db, accountId, id);
      assertNotClusterMember(row, action === "terminate" ? "deleted" : "modified");
      const updated = await this.transition(row, action, now);
      if (updated) return action === "terminate" ? null : toPod(updated, now);
    }
    throw problems.conflict(`pod ${id} changed while the action was applied; retry`);
  }

  async delete(accountId: string, id: string): Promise<void> {
    await this.action(accountId, id, "terminate");
  }

  /**
   * One user action on a pod row (also used by clusters for their members): the transition table,
   * the lock, credit and stock rules, and what a (re)start changes. Null when the row changed
   * meanwhile.
   */
  async transition(row: PodsTable, action: PodAction, now: number): Promise<PodsTable | null> {
    const status = row.status as PodStatus;
    assertTransition(status, action);
    if ((action === "stop" || action === "restart") && row.locked === 1) {
      throw problems.conflict(
        `pod ${row.id} is locked: a locked pod cannot be stopped or reset; unlock it first (PATCH locked: false)`,
      );
    }
    const extra: Partial<PodsTable> = {};
    if (action === "start" || action === "restart") {
      if (action === "start") {
        await this.requireCredit(row.account_id);
        const stock = await this.availability.snapshot();
        const doc = parseDoc(row);
        if (row.data_center_id && !canRestartIn(doc, row.data_center_id, stock)) {
          throw violation(
            "action",
            `no capacity: ${doc.gpu?.id ?? doc.cpu?.id} has no free capacity in ${row.data_center_id} to start this pod`,
          );
        }
      }
      extra.data = JSON.stringify(applyGlobalNetworking(parseDoc(row)));
    }
    return this.engine.apply(row, action, now, extra);
  }

  /** Fault injection: a pod of any account (or of one) goes to ERROR. */
  async fail(accountId: string | undefined, podId: string): Promise<Pod> {
    const now = this.clock.now();
    await this.engine.advance(now, accountId);
    const row =
      accountId !== undefined
        ? await getPodRowOrThrow(this.db, accountId, podId)
        : await findPodRowAnyAccount(this.db, podId);
    if (!row) throw problems.notFound("pod");
    const failed = await this.engine.apply(row, "fail", now);
    if (!failed) throw problems.conflict(`pod ${podId} changed meanwhile; retry`);
    return toPod(failed, now);
  }

  /** Advances the account's pods to the platform clock and returns that instant. */
  async catchUp(accountId: string): Promise<number> {
    const now = this.clock.now();
    await this.engine.advance(now, accountId);
    return now;
  }

  /** 402 as the reference says for insufficient balance: no new compute on an empty account. */
  async requireCredit(accountId: string): Promise<void> {
    const account = await this.accounts.getAccount(accountId);
    if (account.balance <= 0) {
      throw problem(
        402,
        `insufficient balance (${account.balance.toFixed(2)} USD): add credit before starting compute`,
      );
    }
  }
}

/** Seed rule: `globalNetworking` set by PATCH takes effect at the next start or restart. */
function applyGlobalNetworking(doc: PodDoc): PodDoc {
  const gn = doc.globalNetworking;
  if (gn.requested === gn.active) return doc;
  return {
    ...doc,
    globalNetworking: gn.requested
      ? { requested: true, active: true, ip: gn.ip ?? globalIp() }
      : { requested: false, active: false },
  };
}
