import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openConsoleDb } from "./db";
import { createLoadTestStore, EMPTY_PROGRESS, type NewLoadTest } from "./load-tests";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hangar-load-tests-"));
});
afterEach(() => {
  openConsoleDb(dir).close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (owner = "acct-1", endpointId = "ep-1"): NewLoadTest => ({
  owner,
  endpointId,
  requests: 200,
  rate: 20,
  accelerated: false,
  body: { input: { mock_delay: 1 } },
  settings: {
    workersMin: 0,
    workersMax: 2,
    idleTimeout: 5,
    scalerType: "QUEUE_DELAY",
    scalerValue: 4,
    pricePerWorkerSecond: null,
    gpuPool: null,
  },
});

describe("load test store", () => {
  it("a run left running by an earlier console process is marked interrupted on restart; this process's runs are not", () => {
    const before = createLoadTestStore(openConsoleDb(dir), { boot: "boot-old" });
    const orphan = before.insert(run());
    const after = createLoadTestStore(openConsoleDb(dir), { boot: "boot-new" });
    const mine = after.insert(run());
    expect(after.interruptOrphans()).toBe(1);
    const found = after.get("acct-1", orphan.id)!;
    expect(found.status).toBe("interrupted");
    expect(found.reason).toMatch(/console stopped/);
    expect(found.finishedAt).not.toBeNull();
    expect(after.get("acct-1", mine.id)!.status).toBe("running");
  });

  it("keeps runs per owner and endpoint, newest first; the first end wins", () => {
    const store = createLoadTestStore(openConsoleDb(dir));
    const a = store.insert(run());
    const b = store.insert(run());
    store.insert(run("acct-2"));
    store.insert(run("acct-1", "ep-2"));
    expect(store.list("acct-1", "ep-1").map((r) => r.id)).toEqual([b.id, a.id]);
    expect(store.get("acct-2", a.id)).toBeUndefined();
    store.progress("acct-1", a.id, { ...EMPTY_PROGRESS, sent: 7 }, []);
    expect(store.get("acct-1", a.id)!.progress.sent).toBe(7);
    const end = { progress: EMPTY_PROGRESS, samples: [], suggestions: [] };
    store.finish("acct-1", a.id, { ...end, status: "stopped", reason: "Stopped by you." });
    store.finish("acct-1", a.id, { ...end, status: "completed" });
    expect(store.get("acct-1", a.id)).toMatchObject({
      status: "stopped",
      reason: "Stopped by you.",
    });
    // A finished run takes no more live numbers.
    store.progress("acct-1", a.id, { ...EMPTY_PROGRESS, sent: 9 }, []);
    expect(store.get("acct-1", a.id)!.progress.sent).toBe(0);
  });
});
