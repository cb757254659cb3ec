import type { CreateFaultInput, Fault, FaultKind, JobOperation } from "@/lib/schemas/devtools";
import type { Clock } from "../clock";
import type { AvailabilityService, Level } from "../catalog/availability.service";
import { InvalidScopeError, parseScope } from "../catalog/availability.service";
import { problem } from "../http/problem";

/** What each fault does, as the API documents it (and the Faults page shows it). */
export const FAULT_EFFECTS: Record<FaultKind, string> = {
  "job.fail":
    "the next job a worker takes (built-in or your own) fails at once with the fault's message, its handler never runs",
  "job.timeout":
    "the next job a worker takes (built-in or your own) ends TIMED_OUT at once, as if its execution timeout passed; its handler never runs",
  "worker.crash":
    "the worker taking the next job crashes mid-job: it is removed and its jobs go back to the queue (your own worker is told to stop them and registers again on its next request)",
  "coldstart.slow": "each built-in worker cold start takes coldStartSeconds",
  "capacity.none":
    "the scope (GPU pool, GPU type or data center) has no capacity: new workers wait THROTTLED and pods fail to place",
  "pod.error": "the pod goes to ERROR now",
  "job.rate-limit": "job API requests (one operation or all) answer 429 Too Many Requests",
  "webhook.down":
    "webhook deliveries (to URLs containing `url`, or all) fail as if the receiver answered 503, without calling it",
};

/** Faults without count or duration: job-level ones affect one job; the rest stay until removed. */
const DEFAULT_COUNT_ONE = new Set<FaultKind>([
  "job.fail",
  "job.timeout",
  "worker.crash",
  "job.rate-limit",
]);

interface ActiveFault {
  id: string;
  accountId: string;
  kind: FaultKind;
  endpointId: string | null;
  remaining: number | null;
  expiresAt: number | null;
  createdAt: number;
  hits: number;
  message: string | null;
  coldStartSeconds: number | null;
  scope: string | null;
  podId: string | null;
  operation: JobOperation | null;
  url: string | null;
  /** capacity.none: the override the scope had before, restored when the fault ends. */
  previousLevel?: Level | null;
}

export interface FaultTarget {
  accountId: string;
  endpointId: string;
}

/**
 * Fault injection. Faults live in this instance's memory (a developer tool of one local process):
 * the hot paths ask `take(...)`, which costs one size check while no fault is active. Counts are
 * used up as faults take effect; durations end on the platform clock (the scheduler fires `expire`,
 * so advancing the clock ends them too).
 */
export class FaultService {
  private readonly faults = new Map<string, ActiveFault>();
  private n = 0;
  /** Set by `installDevtools`: tells the job engine's scheduler when the next fault expires. */
  onDue: (due: number) => void = () => {};
  /** Set by `installDevtools`: capacity came back, THROTTLED workers may start. */
  onCapacityRestored: () => void = () => {};

  constructor(
    private readonly clock: Clock,
    private readonly availability: AvailabilityService,
  ) {}

  get size(): number {
    return this.faults.size;
  }

  async create(
    accountId: string,
    input: CreateFaultInput,
    applyPodError: (podId: string) => Promise<void>,
  ): Promise<Fault> {
    const need = (ok: boolean, msg: string) => {
      if (!ok) throw problem(400, msg);
    };
    need(
      input.count === undefined || input.durationMs === undefined,
      "give count or durationMs, not both",
    );
    if (input.kind === "coldstart.slow")
      need(input.coldStartSeconds !== undefined, "coldstart.slow needs coldStartSeconds");
    if (input.kind === "capacity.none") {
      need(input.scope !== undefined, 'capacity.none needs a scope ("pool:<id>" or "dc:<id>")');
      need(input.count === undefined, "capacity.none takes a durationMs or nothing, not a count");
      need(input.endpointId === undefined, "capacity.none is global; it takes no endpointId");
      try {
        parseScope(input.scope!);
      } catch (err) {
        if (err instanceof InvalidScopeError) throw problem(400, err.message);
        throw err;
      }
      need(input.scope !== "*", "capacity.none needs a pool, GPU type or data center scope");
    }
    if (input.kind === "pod.error") need(input.podId !== undefined, "pod.error needs a podId");
    const now = this.clock.now();
    const fault: ActiveFault = {
      id: `fault_${(++this.n).toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      accountId,
      kind: input.kind,
      endpointId: input.endpointId ?? null,
      remaining:
        input.count ??
        (input.durationMs === undefined && DEFAULT_COUNT_ONE.has(input.kind) ? 1 : null),
      expiresAt: input.durationMs === undefined ? null : now + input.durationMs,
      createdAt: now,
      hits: 0,
      message: input.kind === "job.fail" ? (input.message ?? "injected fault") : null,
      coldStartSeconds: input.coldStartSeconds ?? null,
      scope: input.scope ?? null,
      podId: input.podId ?? null,
      operation: input.operation ?? null,
      url: input.url ?? null,
    };
    if (fault.kind === "pod.error") {
      // One-shot: applied now, never listed.
      await applyPodError(fault.podId!);
      fault.hits = 1;
      fault.remaining = 0;
      return this.view(fault, false);
    }
    if (fault.kind === "capacity.none") {
      const current = (await this.availability.listOverrides()).find(
        (o) => o.scope === fault.scope,
      );
      // Another capacity fault on the same scope already recorded the original level.
      const sibling = [...this.faults.values()].find(
        (f) => f.kind === "capacity.none" && f.scope === fault.scope,
      );
      fault.previousLevel = sibling ? sibling.previousLevel : (current?.level ?? null);
      await this.availability.setOverride(fault.scope!, "NONE");
    }
    this.faults.set(fault.id, fault);
    if (fault.expiresAt !== null) this.onDue(fault.expiresAt);
    return this.view(fault, true);
  }

  list(accountId: string): Fault[] {
    return [...this.faults.values()]
      .filter((f) => f.accountId === accountId)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((f) => this.view(f, true));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const f = this.faults.get(id);
    if (!f || f.accountId !== accountId) return false;
    await this.end(f);
    return true;
  }

  async clear(accountId?: string): Promise<void> {
    for (const f of [...this.faults.values()])
      if (accountId === undefined || f.accountId === accountId) await this.end(f);
  }

  nextDue(): number | null {
    let due: number | null = null;
    for (const f of this.faults.values())
      if (f.expiresAt !== null && (due === null || f.expiresAt < due)) due = f.expiresAt;
    return due;
  }

  /** Timer source: faults whose duration ran out end. */
  async expire(now: number): Promise<void> {
    for (const f of [...this.faults.values()])
      if (f.expiresAt !== null && f.expiresAt <= now) await this.end(f);
  }

  /**
   * Uses up one hit of the first live fault of `kind` that matches, or answers undefined. Cheap
   * while nothing is injected.
   */
  take(
    kind: FaultKind,
    target: FaultTarget,
    match?: (f: { operation: JobOperation | null; url: string | null }) => boolean,
  ): { message: string | null; coldStartSeconds: number | null } | undefined {
    if (this.faults.size === 0) return undefined;
    const now = this.clock.now();
    for (const f of this.faults.values()) {
      if (f.kind !== kind || f.accountId !== target.accountId) continue;
      if (f.endpointId !== null && f.endpointId !== target.endpointId) continue;
      if (f.expiresAt !== null && f.expiresAt <= now) continue;
      if (match && !match(f)) continue;
      f.hits++;
      if (f.remaining !== null) {
        f.remaining--;
        if (f.remaining <= 0) void this.end(f);
      }
      return { message: f.message, coldStartSeconds: f.coldStartSeconds };
    }
    return undefined;
  }

  private async end(f: ActiveFault): Promise<void> {
    if (!this.faults.delete(f.id)) return;
    if (f.kind === "capacity.none") {
      const still = [...this.faults.values()].some(
        (o) => o.kind === "capacity.none" && o.scope === f.scope,
      );
      if (!still) {
        await this.availability.setOverride(f.scope!, f.previousLevel ?? null);
        this.onCapacityRestored();
      }
    }
  }

  private view(f: ActiveFault, active: boolean): Fault {
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      id: f.id,
      kind: f.kind,
      endpointId: f.endpointId,
      remaining: f.remaining,
      expiresAt: f.expiresAt === null ? null : iso(f.expiresAt),
      createdAt: iso(f.createdAt),
      hits: f.hits,
      effect: FAULT_EFFECTS[f.kind],
      message: f.message,
      coldStartSeconds: f.coldStartSeconds,
      scope: f.scope,
      podId: f.podId,
      operation: f.operation,
      url: f.url,
      active,
    };
  }
}
