import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Cloud, RequestOptions } from "@/lib/cloud/client";
import { openConsoleDb } from "./db";
import { mediaOf, textOf, usageOf } from "./output";
import { createRunStore, type RunStore } from "./runs";
import { watchRun } from "./run-watcher";

let dir: string;
let store: RunStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hangar-console-"));
  store = createRunStore(openConsoleDb(dir));
});
afterEach(() => {
  openConsoleDb(dir).close();
  rmSync(dir, { recursive: true, force: true });
});

const newRun = (owner = "account:a") =>
  store.insert({
    owner,
    target: { kind: "model", slug: "qwen3-32b-awq" },
    jobId: "job-1",
    status: "IN_QUEUE",
    input: { prompt: "Why is the sky blue?" },
    policy: { ttl: 60_000 },
    local: true,
  });

describe("playground history store", () => {
  it("keeps a run per owner: another account can neither read nor list it", () => {
    const run = newRun();
    expect(store.get("account:a", run.id)).toMatchObject({
      jobId: "job-1",
      status: "IN_QUEUE",
      input: { prompt: "Why is the sky blue?" },
      policy: { ttl: 60_000 },
      stream: [],
      expired: false,
    });
    expect(store.get("account:b", run.id)).toBeUndefined();
    expect(store.list("account:b")).toEqual([]);
    expect(store.list("account:a", { target: { kind: "endpoint", id: "x" } })).toEqual([]);
    expect(
      store.list("account:a", { target: { kind: "model", slug: "qwen3-32b-awq" } }),
    ).toHaveLength(1);
  });

  it("appends streamed chunks, records the cost and keeps the result after the job expires", () => {
    const run = newRun();
    store.update("account:a", run.id, { id: "job-1", status: "IN_PROGRESS", delayTime: 120 }, [
      "A",
      "B",
    ]);
    store.update(
      "account:a",
      run.id,
      {
        id: "job-1",
        status: "COMPLETED",
        executionTime: 900,
        output: [{ choices: [{ tokens: ["AB"] }], cost: 0.00012, usage: { input: 5, output: 7 } }],
      },
      ["C"],
    );
    const expired = store.markExpired("account:a", run.id);
    expect(expired).toMatchObject({
      status: "COMPLETED",
      delayTime: 120,
      executionTime: 900,
      cost: 0.00012,
      stream: ["A", "B", "C"],
      expired: true,
    });
    expect(expired?.finishedAt).toBeDefined();
  });
});

describe("reading outputs", () => {
  it.each([
    [
      { image_url: "https://x/y.png", cost: 1 },
      { kind: "image", url: "https://x/y.png" },
    ],
    [{ video_url: "http://x/v.mp4" }, { kind: "video", url: "http://x/v.mp4" }],
    [[{ audio_url: "https://x/a.wav" }], { kind: "audio", url: "https://x/a.wav" }],
    [{ image_url: "javascript:alert(1)" }, undefined],
    ["text", undefined],
  ])("mediaOf(%j)", (output, expected) => {
    expect(mediaOf(output)).toEqual(expected);
  });

  it.each([
    ["plain", "plain"],
    [{ choices: [{ tokens: ["He", "llo"] }] }, "Hello"],
    [[{ choices: [{ tokens: ["a"] }] }, { choices: [{ tokens: ["b"] }] }], "ab"],
    [{ choices: [{ delta: { content: "x" } }] }, "x"],
    [{ mock_return: 1 }, undefined],
  ])("textOf(%j)", (value, expected) => {
    expect(textOf(value)).toEqual(expected);
  });

  it("usageOf reads token counts of text outputs", () => {
    expect(usageOf([{ usage: { input: 3, output: 4 } }])).toEqual({ input: 3, output: 4 });
    expect(usageOf({ image_url: "https://x" })).toBeUndefined();
  });
});

describe("following a run", () => {
  it("relays each chunk once, then reads the final state from /status and tells listeners it is done", async () => {
    const run = newRun();
    const answers = [
      { id: "job-1", status: "IN_PROGRESS", delayTime: 50, stream: [{ output: "Hel" }] },
      { id: "job-1", status: "IN_PROGRESS", delayTime: 50, stream: [{ output: "lo" }] },
      { id: "job-1", status: "COMPLETED", stream: [] },
    ];
    const calls: string[] = [];
    const cloud: Cloud = {
      apiUrl: "http://platform.test",
      async request<T>(options: RequestOptions<T>): Promise<T> {
        calls.push(options.path);
        if (options.path.includes("/stream/")) return answers.shift() as T;
        return {
          id: "job-1",
          status: "COMPLETED",
          delayTime: 50,
          executionTime: 700,
          output: [{ choices: [{ tokens: ["Hello"] }], cost: 0.0001 }],
        } as T;
      },
    };
    const seen: [string, boolean][] = [];
    const done = new Promise<void>((resolve) => {
      watchRun({ cloud, owner: "account:a", runs: store }, run, (next, finished) => {
        seen.push([next.status, finished]);
        if (finished) resolve();
      });
    });
    await done;
    expect(calls).toEqual([
      "/qwen3-32b-awq/stream/job-1",
      "/qwen3-32b-awq/stream/job-1",
      "/qwen3-32b-awq/stream/job-1",
      "/qwen3-32b-awq/status/job-1",
    ]);
    expect(seen.at(-1)).toEqual(["COMPLETED", true]);
    expect(store.get("account:a", run.id)).toMatchObject({
      status: "COMPLETED",
      stream: ["Hel", "lo"],
      executionTime: 700,
      cost: 0.0001,
    });
  });

  it("marks a run expired when the platform no longer knows its job", async () => {
    const run = newRun();
    const { CloudError } = await import("@/lib/cloud/errors");
    const cloud: Cloud = {
      apiUrl: "http://platform.test",
      async request() {
        throw new CloudError({ status: 404, title: "Not Found", detail: "job not found" });
      },
    };
    const last = await new Promise<{ expired: boolean }>((resolve) => {
      watchRun({ cloud, owner: "account:a", runs: store }, run, (next, finished) => {
        if (finished) resolve(next);
      });
    });
    expect(last.expired).toBe(true);
  });
});
