import { afterEach, describe, expect, it, vi } from "vitest";
import { createClock } from "./clock";

describe("createClock", () => {
  afterEach(() => vi.useRealTimers());

  it("setReal – goes back to the wall clock after a manual clock was advanced", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 12, 0, 0) });
    const clock = createClock();
    clock.setManual();
    clock.advance(60_000);
    vi.advanceTimersByTime(10_000);
    clock.setReal();
    expect(clock.mode).toBe("real");
    expect(clock.now()).toBe(Date.now());
  });

  it("setReal – goes back to the wall clock after a manual clock stood still", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 12, 0, 0) });
    const clock = createClock({ mode: "manual", at: Date.UTC(2026, 6, 1) });
    vi.advanceTimersByTime(50_000);
    clock.setReal();
    expect(clock.now()).toBe(Date.now());
  });

  it("setManual – freezes at the current time, or at the given instant", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 12, 0, 0) });
    const clock = createClock();
    clock.setManual();
    vi.advanceTimersByTime(5_000);
    expect(clock.now()).toBe(Date.UTC(2026, 10, 25, 12, 0, 0));
    clock.setManual(Date.UTC(2026, 0, 1));
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1));
  });

  it("tells listeners when the time moved", () => {
    const clock = createClock({ mode: "manual" });
    const seen = vi.fn();
    clock.onChange(seen);
    clock.advance(1);
    clock.setReal();
    expect(seen).toHaveBeenCalledTimes(2);
  });
});
