import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import { TimerHeap, type HeapTimer } from "./timer-heap";

/**
 * A kind of stored due time (job ttl, execution timeouts, webhook retries, scaling checks). The
 * due times live in the store, so a restarted instance — or another instance — finds and fires
 * them; `fire` must therefore be safe to run concurrently with other instances (conditional
 * statements that only one of them wins).
 */
export interface TimerSource {
  name: string;
  /** Earliest due time (platform clock, ms) of this source, or null when it has none. */
  nextDue(): Promise<number | null>;
  /** Fire everything due at or before `now`. */
  fire(now: number): Promise<void>;
  /** Optional periodic work on the poll cadence (cross-instance catch-up). */
  poll?(): Promise<void>;
}

const MAX_SETTLE_ROUNDS = 500;

/**
 * The one scheduler of an instance: it reads `clock.now()`, fires every due time of its sources and
 * its in-memory (ephemeral) timers, and wakes when the clock changes. With a manual clock nothing
 * fires until the clock moves: `advance()` fires everything due, and `advanceTo()` steps through
 * every due time on the way so cascades (a retry 10 s after a failed attempt) land exactly on time.
 * Ephemeral timers are for work that lives and dies with this process (built-in workers, long-poll
 * deadlines); everything else is a source backed by the store.
 */
export class Scheduler {
  private readonly sources: { src: TimerSource; due: number | null }[] = [];
  private readonly ephemeral = new TimerHeap();
  /** Due time the real-time timer is armed for (re-arming only when something earlier comes). */
  private armedFor: number | null = null;
  private order = 0;
  private busy = 0;
  private idleWaiters: (() => void)[] = [];
  private ticking: Promise<void> | null = null;
  private again = false;
  private kickPending = false;
  private realTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly pollMs = 1000,
  ) {}

  addSource(src: TimerSource): void {
    this.sources.push({ src, due: null });
  }

  start(): void {
    this.unsubscribe = this.clock.onChange(() => this.kick());
    this.pollTimer = setInterval(() => void this.poll(), this.pollMs);
    this.pollTimer.unref();
    void this.poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.realTimer) clearTimeout(this.realTimer);
    this.ephemeral.clear();
    await this.polling;
    await this.ticking;
    // Let tracked work (a job's last write, a webhook call) end before the store closes.
    await this.waitIdle(2000);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** A source learnt of a due time (a local write), so it need not wait for the next poll. */
  hint(sourceName: string, due: number | null): void {
    if (due === null) return;
    const s = this.sources.find((x) => x.src.name === sourceName);
    if (!s) return;
    if (s.due === null || due < s.due) s.due = due;
    if (due <= this.clock.now()) this.kick();
    else this.arm();
  }

  /** An in-memory timer on the platform clock. */
  at(due: number, fn: () => void): () => void {
    const e: HeapTimer = { due, order: this.order++, fn, cancelled: false };
    this.ephemeral.push(e);
    if (due <= this.clock.now()) this.kick();
    else this.arm();
    return () => {
      e.cancelled = true;
    };
  }

  /**
   * Sleep on the platform clock inside tracked work: while sleeping the work does not count as
   * busy, so `settle()` returns instead of waiting for simulated time that only `advance` brings.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    this.busyDown();
    return new Promise((resolve) => {
      let woken = false;
      const wake = () => {
        if (woken) return;
        woken = true;
        cancel();
        signal?.removeEventListener("abort", wake);
        this.busy++;
        resolve();
      };
      const cancel = this.at(this.clock.now() + ms, wake);
      signal?.addEventListener("abort", wake);
    });
  }

  /** Work the scheduler waits for in `settle()` (job execution of built-in workers, webhook calls). */
  track<T>(p: Promise<T>): Promise<T> {
    this.busy++;
    return p.finally(() => this.busyDown());
  }

  /**
   * Same, for work that may `sleep()` before its first await: it counts as busy before it starts,
   * so the sleep's release is matched.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    let p: Promise<T>;
    try {
      p = work();
    } catch (err) {
      this.busyDown();
      return Promise.reject(err);
    }
    return p.finally(() => this.busyDown());
  }

  private busyDown() {
    this.busy--;
    if (this.busy <= 0) {
      this.busy = Math.max(0, this.busy);
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((w) => w());
    }
  }

  kick(): void {
    if (this.stopped || this.kickPending) return;
    this.kickPending = true;
    setImmediate(() => {
      this.kickPending = false;
      void this.tick();
    });
  }

  /** Fires what is due; serialized (a tick requested meanwhile runs right after). */
  tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      try {
        do {
          this.again = false;
          await this.fireDue();
        } while (this.again && !this.stopped);
      } finally {
        this.ticking = null;
        this.arm();
      }
    })();
    return this.ticking;
  }

  private async fireDue(): Promise<void> {
    const now = this.clock.now();
    for (let e = this.ephemeral.peek(); e && e.due <= now; e = this.ephemeral.peek()) {
      this.ephemeral.pop();
      try {
        e.fn();
      } catch (err) {
        this.log.error({ err }, "scheduler: ephemeral timer failed");
      }
    }
    for (const s of this.sources) {
      if (this.stopped) return;
      if (s.due === null || s.due > now) continue;
      try {
        await s.src.fire(now);
      } catch (err) {
        this.log.error({ err, source: s.src.name }, "scheduler: source failed");
      }
      s.due = await this.refresh(s.src);
    }
  }

  private async refresh(src: TimerSource): Promise<number | null> {
    try {
      return await src.nextDue();
    } catch (err) {
      if (!this.stopped) this.log.error({ err, source: src.name }, "scheduler: nextDue failed");
      return null;
    }
  }

  private earliest(): number | null {
    let due: number | null = this.ephemeral.peek()?.due ?? null;
    for (const s of this.sources) if (s.due !== null && (due === null || s.due < due)) due = s.due;
    return due;
  }

  private arm(): void {
    if (this.stopped) return;
    const due = this.earliest();
    if (due === null) return;
    const delay = due - this.clock.now();
    if (delay <= 0) {
      this.kick();
      return;
    }
    // A manual clock never reaches a future due time by itself: onChange kicks instead.
    if (this.clock.mode === "manual") return;
    if (this.realTimer && this.armedFor !== null && this.armedFor <= due) return;
    if (this.realTimer) clearTimeout(this.realTimer);
    this.armedFor = due;
    this.realTimer = setTimeout(
      () => {
        this.realTimer = null;
        this.armedFor = null;
        void this.tick();
      },
      Math.min(delay, this.pollMs),
    );
    this.realTimer.unref();
  }

  /** Re-reads every source's due time from the store (other instances, restarts) and fires what is due. */
  poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    for (const s of this.sources) {
      if (this.stopped) return;
      if (s.src.poll) {
        try {
          await s.src.poll();
        } catch (err) {
          if (!this.stopped) this.log.error({ err, source: s.src.name }, "scheduler: poll failed");
        }
      }
      s.due = await this.refresh(s.src);
    }
    await this.tick();
  }

  /** Earliest due time over every source (fresh from the store) and ephemeral timer. */
  async nextDue(): Promise<number | null> {
    for (const s of this.sources) s.due = await this.refresh(s.src);
    return this.earliest();
  }

  private waitIdle(ms: number): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  /**
   * Runs until nothing is due now and no tracked work is running: after it, state reflects every
   * timer due at `clock.now()` and the work those timers started (built-in workers, webhooks).
   */
  async settle(): Promise<void> {
    await this.poll();
    for (let round = 0; round < MAX_SETTLE_ROUNDS && !this.stopped; round++) {
      await this.tick();
      await this.waitIdle(10_000);
      await new Promise((r) => setImmediate(r));
      const due = this.earliest();
      const dueNow = due !== null && due <= this.clock.now();
      if (this.busy === 0 && !this.kickPending && !this.ticking && !dueNow) return;
      if (dueNow && this.busy === 0 && round > 0 && round % 50 === 0) {
        // Something stays due that no fire clears (it is leased elsewhere): do not spin forever.
        this.log.warn({ due }, "scheduler: a due time stays due after firing");
        return;
      }
    }
  }

  /**
   * Manual clock: moves to `target` stopping at each due time on the way, so every timer fires at
   * its own instant and the timers it sets (retries, scale-downs) fire too when they fall before
   * `target`.
   */
  async advanceTo(target: number): Promise<void> {
    if (this.clock.mode !== "manual") throw new Error("advanceTo needs a manual clock");
    await this.settle();
    for (let step = 0; step < 10_000 && !this.stopped; step++) {
      const due = await this.nextDue();
      if (due === null || due > target) break;
      if (due <= this.clock.now()) {
        await this.settle();
        const again = await this.nextDue();
        if (again !== null && again <= this.clock.now()) break; // stuck; jump to the target
        continue;
      }
      this.clock.setManual(due);
      await this.settle();
    }
    if (this.clock.now() < target) this.clock.setManual(target);
    await this.settle();
  }
}
