import { describe, expect, it } from "vitest";
import { CoalescedReads } from "./coalesced-reads";

type Row = { id: string; v: number };

function store(rows: Row[]) {
  const calls: string[][] = [];
  let fail: Error | null = null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const reads = new CoalescedReads<string, Row>(
    async (id) => {
      calls.push([id]);
      if (fail) throw fail;
      return byId.get(id);
    },
    async (ids) => {
      calls.push(ids);
      if (fail) throw fail;
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },
    (row) => row.id,
  );
  return { reads, calls, failNext: (e: Error | null) => (fail = e) };
}

describe("CoalescedReads", () => {
  it("answers reads made in the same turn with one statement, each key asked once", async () => {
    const { reads, calls } = store([
      { id: "a", v: 1 },
      { id: "b", v: 2 },
    ]);
    const answers = await Promise.all([reads.read("a"), reads.read("b"), reads.read("a")]);
    expect(answers).toEqual([
      { id: "a", v: 1 },
      { id: "b", v: 2 },
      { id: "a", v: 1 },
    ]);
    expect(calls).toEqual([["a", "b"]]);
  });

  it("answers a key the store does not hold with undefined, beside the ones it does", async () => {
    const { reads } = store([{ id: "a", v: 1 }]);
    expect(await Promise.all([reads.read("a"), reads.read("gone")])).toEqual([
      { id: "a", v: 1 },
      undefined,
    ]);
  });

  it("sends a lone read as the single-row statement, and a later turn as a new statement", async () => {
    const { reads, calls } = store([{ id: "a", v: 1 }]);
    expect(await reads.read("a")).toEqual({ id: "a", v: 1 });
    expect(await reads.read("missing")).toBeUndefined();
    expect(calls).toEqual([["a"], ["missing"]]);
  });

  it("fails every read of a statement that failed, and the next turn reads again", async () => {
    const { reads, failNext } = store([{ id: "a", v: 1 }]);
    failNext(new Error("connection lost"));
    const both = [reads.read("a"), reads.read("b")];
    for (const read of both) await expect(read).rejects.toThrow("connection lost");
    failNext(null);
    expect(await reads.read("a")).toEqual({ id: "a", v: 1 });
  });
});
