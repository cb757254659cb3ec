import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateSnippet, languages, type JobOperation, type SnippetLanguage } from "@/lib/codegen";
import {
  makeSnippetDir,
  runProcess,
  runSnippet,
  type ProcessResult,
} from "@/lib/codegen/test-support";
import { parseModelInput, type ModelInput } from "@/lib/models";
import { ImageModelOutput, TextModelChunk, TextModelResult } from "@/lib/schemas/hosted-models";
import type { TestPlatform } from "./support/platform";
import { createEndpoint, eventually, run, startRealPlatform, status } from "./support/jobs";

// Done-when #1 of issue 5: every generated snippet (language × operation) runs against a real
// local platform, for a hosted model and for a user's queue endpoint on runpod/mock-worker, and
// prints what the operation promises. The Python SDK runs only where `import runpod` works.

vi.setConfig({ testTimeout: 120_000 });

const IMAGE = "black-forest-labs-flux-1-schnell";
const TEXT = "qwen3-32b-awq";
const VIDEO = "wan-2-6-t2v";

let tp: TestPlatform;
let dir: string;
let removeDir: () => Promise<void>;
let hasRunpod = false;
let mockEndpoint: string;
let generatorEndpoint: string;

beforeAll(async () => {
  tp = await startRealPlatform("sqlite");
  ({ dir, remove: removeDir } = await makeSnippetDir());
  hasRunpod = (await runProcess(["python3", "-c", "import runpod"], { cwd: dir })).code === 0;
  mockEndpoint = await createEndpoint(tp, { workers: { min: 0, max: 5 } });
  generatorEndpoint = await createEndpoint(tp, {
    args: "--generator",
    workers: { min: 0, max: 5 },
  });
});
afterAll(async () => {
  await removeDir?.();
  await tp?.close();
});

const input = (slug: string, raw: Record<string, unknown>): ModelInput => {
  const parsed = parseModelInput(slug, raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.input; // defaults included, as the playground sends them
};
const IMAGE_INPUT = input(IMAGE, {
  prompt: "a lighthouse at dusk",
  width: 256,
  height: 256,
  image_format: "png",
});

let counter = 0;
async function execute(
  language: SnippetLanguage,
  operation: JobOperation,
  target: string,
  options: { input?: Record<string, unknown>; jobId?: string } = {},
): Promise<ProcessResult & { output: string }> {
  const snippet = generateSnippet({
    language,
    operation,
    baseUrl: tp.url,
    target,
    input: options.input,
  });
  const own = path.join(dir, `${language}-${operation}-${++counter}`);
  await mkdir(own);
  const env: Record<string, string> = { RUNPOD_API_KEY: tp.key };
  if (options.jobId) env.JOB_ID = options.jobId;
  const result = await runSnippet(snippet, own, env);
  return { ...result, output: `${result.stdout}${result.stderr}` };
}

/** Waits (real time: the platform runs on the real clock here) for a job to end. */
async function finished(target: string, id: string) {
  return eventually(
    async () => {
      const body = (await status(tp, target, id)).body;
      expect(["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"]).toContain(body.status);
      return body;
    },
    60_000,
    100,
  );
}

async function expectPng(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);
}

/** curl prints the whole answer; the other snippets print the job's output (runsync) or the job. */
const outputOf = (language: SnippetLanguage, printed: Record<string, unknown>) =>
  language === "curl" ? printed.output : printed;

const ids = languages.map((l) => l.id);

describe.concurrent.each(ids)("%s snippets against the local platform", (language) => {
  const skip = () => language === "python-sdk" && !hasRunpod;

  describe("a hosted model", () => {
    it("run queues an image job whose result becomes a served image", async ({ skip: s }) => {
      if (skip()) return s();
      const r = await execute(language, "run", IMAGE, { input: IMAGE_INPUT });
      expect(r.code, r.output).toBe(0);
      const printed = JSON.parse(r.stdout) as { id: string; status: string };
      expect(printed.status).toMatch(/IN_QUEUE|IN_PROGRESS|COMPLETED/);
      const done = await finished(IMAGE, printed.id);
      expect(done.status).toBe("COMPLETED");
      await expectPng(ImageModelOutput.parse(done.output).image_url);
    });

    it("runsync prints the image URL and cost", async ({ skip: s }) => {
      if (skip()) return s();
      const r = await execute(language, "runsync", IMAGE, { input: IMAGE_INPUT });
      expect(r.code, r.output).toBe(0);
      const output = ImageModelOutput.parse(outputOf(language, JSON.parse(r.stdout)));
      expect(output.cost).toBe(0.00015729);
      await expectPng(output.image_url);
    });

    it("status prints the completed job with its output", async ({ skip: s }) => {
      if (skip()) return s();
      const id = await run(tp, IMAGE, IMAGE_INPUT);
      await finished(IMAGE, id);
      const r = await execute(language, "status", IMAGE, { jobId: id });
      expect(r.code, r.output).toBe(0);
      const job = JSON.parse(r.stdout) as { id: string; status: string; output: unknown };
      expect(job).toMatchObject({ id, status: "COMPLETED" });
      await expectPng(ImageModelOutput.parse(job.output).image_url);
    });

    it("stream prints a text model's tokens as they come", async ({ skip: s }) => {
      if (skip()) return s();
      const id = await run(
        tp,
        TEXT,
        input(TEXT, { prompt: "Why is grass green?", max_tokens: 12 }),
      );
      const r = await execute(language, "stream", TEXT, { jobId: id });
      expect(r.code, r.output).toBe(0);
      const done = await finished(TEXT, id);
      const [result] = done.output as TextModelResult[];
      if (language === "curl") {
        // One call: the chunks produced so far.
        const printed = JSON.parse(r.stdout) as { id: string; stream: { output: unknown }[] };
        expect(printed.id).toBe(id);
        for (const c of printed.stream) TextModelChunk.parse(c.output);
        return;
      }
      const chunks = r.stdout
        .trim()
        .split("\n")
        .map((l) => TextModelChunk.parse(JSON.parse(l)));
      expect(chunks.flatMap((c) => c.choices[0]!.tokens).join("")).toBe(
        result!.choices[0]!.tokens[0],
      );
      expect(chunks.at(-1)!.usage.output).toBe(12);
    });

    it("cancel stops a long video job", async ({ skip: s }) => {
      if (skip()) return s();
      const id = await run(tp, VIDEO, input(VIDEO, { prompt: "slow clouds", duration: 15 }));
      const r = await execute(language, "cancel", VIDEO, { jobId: id });
      expect(r.code, r.output).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id, status: "CANCELLED" });
      expect((await status(tp, VIDEO, id)).body.status).toBe("CANCELLED");
    });
  });

  describe("a queue endpoint on runpod/mock-worker", () => {
    it("run queues a job that completes", async ({ skip: s }) => {
      if (skip()) return s();
      const r = await execute(language, "run", mockEndpoint, { input: { mock_return: "queued" } });
      expect(r.code, r.output).toBe(0);
      const { id } = JSON.parse(r.stdout) as { id: string };
      expect(await finished(mockEndpoint, id)).toMatchObject({
        status: "COMPLETED",
        output: "queued",
      });
    });

    it("runsync prints the handler's output", async ({ skip: s }) => {
      if (skip()) return s();
      const r = await execute(language, "runsync", mockEndpoint, {
        input: { mock_return: { answer: 42, language } },
      });
      expect(r.code, r.output).toBe(0);
      expect(outputOf(language, JSON.parse(r.stdout))).toEqual({ answer: 42, language });
    });

    it("status prints the job", async ({ skip: s }) => {
      if (skip()) return s();
      const id = await run(tp, mockEndpoint, { mock_return: "done" });
      await finished(mockEndpoint, id);
      const r = await execute(language, "status", mockEndpoint, { jobId: id });
      expect(r.code, r.output).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id, status: "COMPLETED", output: "done" });
    });

    it("stream prints a generator's chunks", async ({ skip: s }) => {
      if (skip()) return s();
      const id = await run(tp, generatorEndpoint, { mock_return: ["a", { n: 1 }, "b"] });
      await finished(generatorEndpoint, id);
      const r = await execute(language, "stream", generatorEndpoint, { jobId: id });
      expect(r.code, r.output).toBe(0);
      if (language === "curl") {
        const printed = JSON.parse(r.stdout) as { stream: { output: unknown }[] };
        expect(printed.stream.map((c) => c.output)).toEqual(["a", { n: 1 }, "b"]);
      } else {
        const lines = r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as unknown);
        expect(lines).toEqual(["a", { n: 1 }, "b"]);
      }
    });

    it("cancel stops a delayed job", async ({ skip: s }) => {
      if (skip()) return s();
      const id = await run(tp, mockEndpoint, { mock_delay: 60 });
      const r = await execute(language, "cancel", mockEndpoint, { jobId: id });
      expect(r.code, r.output).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id, status: "CANCELLED" });
    });
  });
});
