/**
 * The platform's sense of time. Everything time-based reads `now()`; timers are stored as due
 * times and fired by the scheduler, so a manual clock can be advanced and every timer fires as if
 * that time had passed (tests never sleep for simulated durations).
 */
export interface Clock {
  now(): number;
  readonly mode: "real" | "manual";
  /** Manual mode only: move time forward. */
  advance(ms: number): number;
  setManual(at?: number): void;
  setReal(): void;
  /** Called after the time moved (advance, mode switch) so the scheduler can fire due timers. */
  onChange(listener: () => void): () => void;
}

export function createClock(initial?: { mode: "manual"; at?: number }): Clock {
  let mode: "real" | "manual" = initial?.mode ?? "real";
  // In manual mode `offset` is the frozen time itself.
  let frozen = initial?.at ?? Date.now();
  let offset = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get mode() {
      return mode;
    },
    now: () => (mode === "manual" ? frozen : Date.now() + offset),
    advance(ms) {
      if (mode !== "manual") throw new Error("the clock can only be advanced in manual mode");
      if (!Number.isFinite(ms) || ms < 0)
        throw new Error("advance needs a non-negative number of ms");
      frozen += ms;
      emit();
      return frozen;
    },
    setManual(at) {
      const current = mode === "manual" ? frozen : Date.now() + offset;
      frozen = at ?? current;
      mode = "manual";
      emit();
    },
    setReal() {
      if (mode === "manual") offset = frozen - Date.now();
      mode = "real";
      emit();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
