import { describe, expect, it } from "vitest";
import { createClock } from "../clock";
import { LogHub, podLogKey } from "./log-hub";

describe("LogHub", () => {
  const clock = () => createClock({ mode: "manual", at: 1_000_000 });

  it("keeps only the last `capacity` lines of a resource, numbered without gaps", () => {
    const hub = new LogHub(clock(), 3);
    for (let i = 1; i <= 5; i++) hub.append(podLogKey("p"), "system", `line ${i}`);
    const kept = hub.read(podLogKey("p"), { tail: 100 });
    expect(kept.map((e) => [e.seq, e.line])).toEqual([
      [3, "line 3"],
      [4, "line 4"],
      [5, "line 5"],
    ]);
  });

  it("never lets time go backwards within a resource (a late line takes the last time)", () => {
    const hub = new LogHub(clock());
    hub.append(podLogKey("p"), "system", "a", 2000);
    hub.append(podLogKey("p"), "system", "b", 1000);
    expect(hub.read(podLogKey("p"), { tail: 10 }).map((e) => e.ts)).toEqual([2000, 2000]);
  });

  it("resumes after a cursor: later times, or the same time with a higher sequence", () => {
    const hub = new LogHub(clock());
    hub.append(podLogKey("p"), "system", "a", 1000);
    hub.append(podLogKey("p"), "container", "b", 1000);
    hub.append(podLogKey("p"), "system", "c", 2000);
    const after = (seq: number | null) =>
      hub.read(podLogKey("p"), { after: { ts: 1000, seq } }).map((e) => e.line);
    expect(after(1)).toEqual(["b", "c"]);
    expect(after(null)).toEqual(["c"]);
    expect(hub.read(podLogKey("p"), { tail: 10 }, "container").map((e) => e.line)).toEqual(["b"]);
  });

  it("drops the least recently written resources without open streams beyond its bound", () => {
    const hub = new LogHub(clock(), 10, 2);
    const unsubscribe = hub.subscribe(podLogKey("watched"), { line: () => {}, end: () => {} });
    hub.append(podLogKey("watched"), "system", "kept");
    hub.append(podLogKey("a"), "system", "x");
    hub.append(podLogKey("b"), "system", "y");
    hub.append(podLogKey("c"), "system", "z");
    expect(hub.read(podLogKey("watched"), { tail: 10 })).toHaveLength(1);
    expect(hub.read(podLogKey("a"), { tail: 10 })).toEqual([]);
    unsubscribe();
  });

  it("ending a resource ends its streams and drops its lines", () => {
    const hub = new LogHub(clock());
    let ended = false;
    hub.subscribe(podLogKey("p"), { line: () => {}, end: () => (ended = true) });
    hub.append(podLogKey("p"), "system", "bye");
    hub.end(podLogKey("p"));
    expect(ended).toBe(true);
    expect(hub.read(podLogKey("p"), { tail: 10 })).toEqual([]);
  });
});
