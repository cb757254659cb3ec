import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./open";

describe("embedded store: WAL checkpoints run on a connection of their own", () => {
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-wal-"));
    store = await openStore({ dataDir });
  });
  afterAll(async () => {
    await store?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the main connection leaves checkpoints to the thread, which copies every frame of the WAL", async () => {
    const sqlite = store.sqlite!;
    // SQLite's default (1,000 pages) would checkpoint on the committing request itself.
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(10_000);
    sqlite.exec("CREATE TABLE wal_probe (id INTEGER PRIMARY KEY, v TEXT)");
    const insert = sqlite.prepare("INSERT INTO wal_probe (v) VALUES (?)");
    // ~2,500 pages: over SQLite's default threshold, under the fallback one.
    for (let i = 0; i < 25; i++)
      sqlite.transaction(() => {
        for (let j = 0; j < 100; j++) insert.run("x".repeat(4000));
      })();
    const frames = () => fs.statSync(`${store.file}-wal`).size / (4096 + 24);
    expect(frames()).toBeGreaterThan(2_000);
    // Real time: the thread checkpoints every 200 ms.
    for (;;) {
      const last = store.checkpointer!.last;
      if (last && last.log > 2_000 && last.checkpointed === last.log) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(sqlite.prepare("SELECT count(*) AS n FROM wal_probe").get()).toEqual({ n: 2500 });
  });

  it("closing the store stops the thread", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-wal-"));
    const other = await openStore({ dataDir: dir });
    await other.close();
    expect(other.sqlite!.open).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
