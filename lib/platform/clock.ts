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
  /**
   * Back to the wall clock (`Date.now()`), wherever a manual clock stood: "real time" means the
   * time every client and log compares against. Time moves backwards when the manual clock had
   * been advanced; stored due times simply fire when the wall clock reaches them.
   */
  setReal(): void;
  /** Called after the time moved (advance, mode switch) so the scheduler can fire due timers. */
  onChange(listener: () => void): () => void;
}

export function createClock(initial?: { mode: "manual"; at?: number }): Clock {
  let mode: "real" | "manual" = initial?.mode ?? "real";
  // The manual clock's time; unused in real mode.
  let frozen = initial?.at ?? Date.now();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get mode() {
      return mode;
    },
    now: () => (mode === "manual" ? frozen : Date.now()),
    advance(ms) {
      if (mode !== "manual") throw new Error("the clock can only be advanced in manual mode");
      if (!Number.isFinite(ms) || ms < 0)
        throw new Error("advance needs a non-negative number of ms");
      frozen += ms;
      emit();
      return frozen;
    },
    setManual(at) {
      frozen = at ?? (mode === "manual" ? frozen : Date.now());
      mode = "manual";
      emit();
    },
    setReal() {
      mode = "real";
      emit();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
