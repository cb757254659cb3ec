import { describe, expect, it } from "vitest";
import { WriteBatch } from "./write-batch";

/** A statement the test lets land when it wants. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("WriteBatch", () => {
  it("writes issued together go as one statement, each answered with its own result", async () => {
    const statements: number[][] = [];
    const batch = new WriteBatch<number, string>(
      async (items) => {
        statements.push(items);
        return items.map((n) => `r${n}`);
      },
      async (n) => {
        statements.push([n]);
        return `one${n}`;
      },
    );
    const results = await Promise.all([1, 2, 3, 4].map((n) => batch.write(n)));
    expect(statements).toEqual([[1, 2, 3, 4]]);
    expect(results).toEqual(["r1", "r2", "r3", "r4"]);
  });

  it("a lone write goes at once; writes that come while two statements are on their way go together when one lands", async () => {
    const landed: ReturnType<typeof deferred>[] = [];
    const statements: number[][] = [];
    const send = (items: number[]) => {
      statements.push(items);
      const d = deferred();
      landed.push(d);
      return d.promise;
    };
    const batch = new WriteBatch<number, void>(send, (n) => send([n]));
    const first = batch.write(1);
    await turn();
    expect(statements).toEqual([[1]]);
    const second = batch.write(2);
    await turn();
    expect(statements).toEqual([[1], [2]]);
    const rest = [3, 4, 5].map((n) => batch.write(n));
    await turn();
    expect(statements).toHaveLength(2); // two on their way: the others wait
    landed[0]!.resolve();
    await first;
    await turn();
    expect(statements).toEqual([[1], [2], [3, 4, 5]]);
    landed[1]!.resolve();
    landed[2]!.resolve();
    await Promise.all([second, ...rest]);
  });

  it("when the shared statement fails, each write is tried alone and only the bad one fails", async () => {
    const alone: number[] = [];
    const batch = new WriteBatch<number, number>(
      async () => {
        throw new Error("one row is bad");
      },
      async (n) => {
        alone.push(n);
        if (n === 2) throw new Error(`row ${n} is bad`);
        return n * 10;
      },
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => batch.write(n)));
    expect(alone.sort()).toEqual([1, 2, 3]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "rejected"))).toEqual([
      10,
      "rejected",
      30,
    ]);
  });

  it("never puts more than `max` writes in one statement", async () => {
    const sizes: number[] = [];
    const batch = new WriteBatch<number, void>(
      async (items) => {
        sizes.push(items.length);
      },
      async () => {
        sizes.push(1);
      },
      3,
    );
    await Promise.all(Array.from({ length: 7 }, (_, i) => batch.write(i)));
    expect(sizes).toEqual([3, 3, 1]);
  });
});
