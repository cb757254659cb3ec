import { mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, it, vi, type ExpectStatic } from "vitest";
import { generateSnippet, languages, type SnippetLanguage, type SnippetOptions } from "./index";
import { toJson } from "./literals";
import {
  makeSnippetDir,
  MOCK_API_KEY,
  MOCK_STREAM_OUTPUTS,
  runProcess,
  runSnippet,
  startMockJobApi,
  TRICKY_INPUT,
  type MockJobApi,
} from "./test-support";

// Runs every snippet as a user would (bash, python3, node, tsx) against a stand-in of the job API
// on 127.0.0.1 that records the requests, so what goes over the wire and what gets printed are
// both checked. The Python SDK cases run only where `import runpod` works.

// Spawning interpreters is slow on a loaded machine; these are not timing tests.
vi.setConfig({ testTimeout: 120_000 });

let api: MockJobApi;
let dir: string;
let removeDir: () => Promise<void>;
let hasRunpod = false;

beforeAll(async () => {
  api = await startMockJobApi();
  ({ dir, remove: removeDir } = await makeSnippetDir());
  hasRunpod = (await runProcess(["python3", "-c", "import runpod"], { cwd: dir })).code === 0;
});
afterAll(async () => {
  await api.close();
  await removeDir();
});

const WEBHOOK = "https://hooks.example/done?it's=1";
const POLICY = { executionTimeout: 60_000, lowPriority: false, ttl: 600_000 };
const JOB_ID = "job-42-u1";
let counter = 0;

async function execute(
  language: SnippetLanguage,
  options: Partial<SnippetOptions> & Pick<SnippetOptions, "operation">,
  env: Record<string, string> = { RUNPOD_API_KEY: MOCK_API_KEY, JOB_ID },
) {
  const target = options.target ?? `ep-${language}-${options.operation}-${++counter}`;
  const snippet = generateSnippet({
    language,
    baseUrl: api.origin,
    input: TRICKY_INPUT,
    ...options,
    target,
  });
  const own = path.join(dir, target); // concurrent tests write same-named files
  await mkdir(own);
  const result = await runSnippet(snippet, own, env);
  return { ...result, output: result.stdout + result.stderr, requests: api.requestsFor(target) };
}

/** Same values and same key order. */
const sameJson = (expect: ExpectStatic, actual: unknown, expected: unknown) =>
  expect(JSON.stringify(actual)).toBe(JSON.stringify(toJson(expected)));

// runpod-sdk's HTTP client (xior) deep-merges the request data and drops `__proto__` keys on
// the way, so that SDK cannot send such a key whatever the snippet says.
const { __proto__: _dropped, ...INPUT_WITHOUT_PROTO } = TRICKY_INPUT;
const sentInput = (language: SnippetLanguage) =>
  language === "javascript-sdk" ? INPUT_WITHOUT_PROTO : TRICKY_INPUT;

const runnable = (language: SnippetLanguage) => language !== "python-sdk" || hasRunpod;
const ids = languages.map((l) => l.id);

describe.concurrent.each(ids)("%s against a stand-in job API", (language) => {
  const raw = language === "curl"; // curl prints the whole answer, everyone else the useful part

  it("run: POSTs exactly input, webhook and policy with the bearer key, prints the job id", async ({
    expect,
    skip,
  }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "run", webhook: WEBHOOK, policy: POLICY });
    expect(r.code, r.output).toBe(0);
    const [first] = r.requests;
    expect(first).toMatchObject({ method: "POST", operation: "run" });
    expect(first?.headers.authorization).toBe(`Bearer ${MOCK_API_KEY}`);
    const body: unknown = JSON.parse(first!.body);
    sameJson(expect, body, { input: sentInput(language), webhook: WEBHOOK, policy: POLICY });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: "job-1-u1" });
  });

  it("runsync: sends the input unchanged and prints the output", async ({ expect, skip }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "runsync" });
    expect(r.code, r.output).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: "POST", operation: "runsync" });
    sameJson(expect, JSON.parse(r.requests[0]!.body), { input: sentInput(language) });
    const printed = JSON.parse(r.stdout) as { output?: unknown };
    sameJson(expect, raw ? printed.output : printed, { echo: sentInput(language) });
  });

  it("status: GETs /status/$JOB_ID and prints the job", async ({ expect, skip }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "status" });
    expect(r.code, r.output).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: "GET", operation: "status", jobId: JOB_ID });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: JOB_ID, status: "COMPLETED" });
  });

  it("stream: polls /stream until the job ends and prints every chunk's output", async ({
    expect,
    skip,
  }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "stream", jobId: "given-id" });
    expect(r.code, r.output).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: "GET", operation: "stream", jobId: "given-id" });
    if (raw) {
      expect(JSON.parse(r.stdout)).toMatchObject({ status: "IN_PROGRESS" });
    } else {
      const lines = r.stdout.trim().split("\n");
      expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(MOCK_STREAM_OUTPUTS);
    }
  });

  it("cancel: POSTs /cancel/$JOB_ID and prints the answer", async ({ expect, skip }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "cancel" });
    expect(r.code, r.output).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: "POST", operation: "cancel", jobId: JOB_ID });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: JOB_ID, status: "CANCELLED" });
  });

  it("a rejected key: exits non-zero and shows the 401", async ({ expect, skip }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "status" }, { RUNPOD_API_KEY: "wrong", JOB_ID });
    expect(r.code).not.toBe(0);
    expect(r.output).toContain("401");
    expect(r.requests[0]?.headers.authorization).toBe("Bearer wrong");
  });

  it("an unknown endpoint: exits non-zero and shows status and body", async ({ expect, skip }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "runsync", target: `missing-${language}` });
    expect(r.code).not.toBe(0);
    expect(r.output).toContain("404");
    expect(r.output).toContain("endpoint not found");
  });

  it("a failed job: exits non-zero (curl just prints the answer)", async ({ expect, skip }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "runsync", target: `failing-${language}` });
    if (raw) {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: "FAILED" });
    } else {
      expect(r.code).not.toBe(0);
      expect(r.output).toMatch(/FAILED|failed/);
    }
  });

  it("no JOB_ID in the environment: exits non-zero naming JOB_ID, sends nothing", async ({
    expect,
    skip,
  }) => {
    if (!runnable(language)) return skip();
    const r = await execute(language, { operation: "cancel" }, { RUNPOD_API_KEY: MOCK_API_KEY });
    expect(r.code).not.toBe(0);
    expect(r.output).toContain("JOB_ID");
    expect(r.requests).toEqual([]);
  });
});
