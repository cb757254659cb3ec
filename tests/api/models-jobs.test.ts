import runpodSdk from "runpod-sdk";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ImageModelOutput, TextModelChunk, TextModelResult } from "@/lib/schemas/hosted-models";
import { estimateSpeechSeconds } from "@/lib/models/media";
import { modelSlugs } from "@/lib/models";
import { usd } from "@/lib/models/pricing";
import { firstVp8Frame, readWebm, webpFromVp8 } from "@/lib/media/webm";
import { wavSeconds } from "@/lib/platform/models/synth/audio";
import { describeEachBackend } from "./support/backends";
import { balance as balanceOf } from "./support/compute";
import {
  advance,
  advanceUntil,
  jobApi,
  run,
  status,
  startManualPlatform,
  type JobsPlatform,
} from "./support/jobs";

const FLUX_DEV = "black-forest-labs-flux-1-dev";
const FLUX_SCHNELL = "black-forest-labs-flux-1-schnell";

/** Hosted models through the job API (`/v2/<slug>/...`) on the platform clock. */
describeEachBackend("hosted models: job operations", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  /** Runs a job to its end: queue it, let simulated time pass, read its status. */
  async function runToEnd(slug: string, input: unknown, ms = 120_000) {
    const id = await run(tp, slug, input);
    await advance(tp, ms);
    return (await status(tp, slug, id)).body;
  }

  async function fetchBytes(url: string): Promise<{ bytes: Buffer; type: string | null }> {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") };
  }

  it("an image model answers IN_QUEUE, then COMPLETED with a served image of the requested size and the catalogue's cost", async () => {
    const r = await jobApi(tp, FLUX_DEV, "/run", {
      method: "POST",
      json: { input: { prompt: "a red fox in the snow" } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(String), status: "IN_QUEUE" });
    await advance(tp, 60_000);
    const done = (await status(tp, FLUX_DEV, r.body.id as string)).body;
    expect(done).toMatchObject({ status: "COMPLETED", workerId: expect.any(String) });
    expect(done.executionTime).toEqual(expect.any(Number));
    expect(done.delayTime).toEqual(expect.any(Number));
    const output = ImageModelOutput.parse(done.output);
    expect(output.cost).toBe(0.02097152);
    const { bytes, type } = await fetchBytes(output.image_url);
    expect(type).toBe("image/jpeg");
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1024, 1024]);
  });

  it("images have the requested format and size; the same prompt and seed give the same bytes, another prompt other bytes", async () => {
    const input = (prompt: string) => ({
      prompt,
      width: 512,
      height: 768,
      image_format: "png",
      seed: 42,
    });
    const [a, b, c] = await Promise.all(
      ["a lighthouse", "a lighthouse", "a desert at noon"].map((p) =>
        run(tp, FLUX_SCHNELL, input(p)),
      ),
    );
    await advance(tp, 60_000);
    const files = [];
    for (const id of [a!, b!, c!]) {
      const body = (await status(tp, FLUX_SCHNELL, id)).body;
      expect(body.status, JSON.stringify(body)).toBe("COMPLETED");
      files.push((await fetchBytes(ImageModelOutput.parse(body.output).image_url)).bytes);
    }
    const meta = await sharp(files[0]).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 768]);
    expect(files[0]!.equals(files[1]!)).toBe(true);
    expect(files[0]!.equals(files[2]!)).toBe(false);

    const webp = await runToEnd("z-image-turbo", {
      prompt: "a tiny robot",
      size: "1280*720",
      output_format: "webp",
    });
    const w = await sharp(
      (await fetchBytes((webp.output as { image_url: string }).image_url)).bytes,
    ).metadata();
    expect([w.format, w.width, w.height]).toEqual(["webp", 1280, 720]);
  });

  it("a speech model answers a WAV file of the spoken length, charged per second", async () => {
    const prompt = "Hello from the local platform, this is a test of the speech model.";
    const done = await runToEnd("chatterbox-turbo", { prompt });
    expect(done.status).toBe("COMPLETED");
    const output = done.output as { audio_url: string; cost: number };
    const { bytes, type } = await fetchBytes(output.audio_url);
    expect(type).toBe("audio/wav");
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    // The catalogue's spoken length of the text (15 characters a second), billed at $0.001/s.
    const seconds = estimateSpeechSeconds(prompt);
    expect(wavSeconds(bytes)).toBeCloseTo(seconds, 3);
    expect(output.cost).toBe(usd(seconds * 0.001));
  });

  it("a video model answers a WebM (VP8) video in the requested aspect ratio lasting the requested seconds", async () => {
    const done = await runToEnd("wan-2-6-t2v", {
      prompt: "waves on a beach",
      size: "720*1280",
      duration: 5,
    });
    expect(done.status).toBe("COMPLETED");
    const output = done.output as { video_url: string; cost: number };
    expect(output.cost).toBe(0.5);
    expect(output.video_url).toMatch(/\/output\.webm$/);
    const { bytes, type } = await fetchBytes(output.video_url);
    expect(type).toBe("video/webm");
    const info = readWebm(bytes);
    expect(info).toMatchObject({ codec: "V_VP8", durationMs: 5000 });
    expect(info!.frames).toBeGreaterThan(10);
    expect(info!.width / info!.height).toBeCloseTo(720 / 1280, 1);
    // Every frame is a real VP8 keyframe: the first one decodes as a still of the video's size.
    const still = await sharp(Buffer.from(webpFromVp8(firstVp8Frame(bytes)!))).metadata();
    expect([still.format, still.width, still.height]).toEqual(["webp", info!.width, info!.height]);
  });

  it("a text model streams its tokens through /stream and completes with choices, usage and cost", async () => {
    const slug = "qwen3-32b-awq";
    const id = await run(tp, slug, { prompt: "Why is the sky blue?", max_tokens: 20 });
    await advance(tp, 100);
    const first = await jobApi(tp, slug, `/stream/${id}`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("IN_PROGRESS");
    const chunks = [...(first.body.stream as { output: unknown }[])];
    expect(chunks.length).toBeGreaterThan(0);
    await advance(tp, 60_000);
    for (;;) {
      const more = await jobApi(tp, slug, `/stream/${id}`);
      chunks.push(...(more.body.stream as { output: unknown }[]));
      if (more.body.status === "COMPLETED" && (more.body.stream as unknown[]).length === 0) break;
    }
    const outputs = chunks.map((c) => TextModelChunk.parse(c.output));
    const streamed = outputs.flatMap((o) => o.choices[0]!.tokens).join("");
    expect(outputs.at(-1)!.usage.output).toBe(20);
    const done = (await status(tp, slug, id)).body;
    const [result] = done.output as TextModelResult[];
    expect(TextModelResult.parse(result)).toMatchObject({
      choices: [{ tokens: [streamed] }],
      usage: { output: 20 },
    });
    expect(result!.cost).toBe(
      Math.round(((result!.usage.input + result!.usage.output) / 1e6) * 10 * 1e8) / 1e8,
    );
    // Chat-style models answer a bare object.
    const chat = await runToEnd("granite-4-0-h-small", {
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(TextModelResult.parse(chat.output).usage.input).toBeGreaterThan(0);
  });

  it("runsync holds until the image is ready", async () => {
    const pending = jobApi(tp, FLUX_SCHNELL, "/runsync", {
      method: "POST",
      json: { input: { prompt: "a kite", width: 256, height: 256 } },
    });
    const r = await advanceUntil(tp, pending);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "COMPLETED", output: { cost: 0.00015729 } });
  });

  it("cancel stops a running video job: CANCELLED, no output, nothing charged", async () => {
    const before = await balance();
    const id = await run(tp, "wan-2-6-t2v", { prompt: "slow clouds", duration: 15 });
    await advance(tp, 3_000);
    expect((await status(tp, "wan-2-6-t2v", id)).body.status).toBe("IN_PROGRESS");
    const c = await jobApi(tp, "wan-2-6-t2v", `/cancel/${id}`, { method: "POST" });
    expect(c.body).toMatchObject({ id, status: "CANCELLED" });
    await advance(tp, 60_000);
    const after = (await status(tp, "wan-2-6-t2v", id)).body;
    expect(after.status).toBe("CANCELLED");
    expect(after.output).toBeUndefined();
    expect(await balance()).toBeCloseTo(before, 9);
  });

  it("invalid input fails the job with the service's message and costs nothing", async () => {
    const before = await balance();
    const done = await runToEnd(FLUX_DEV, { prompt: "x", width: 1000 });
    expect(done).toMatchObject({
      status: "FAILED",
      error: "Invalid parameter: width must be divisible by 64",
    });
    expect(done.output).toBeUndefined();
    expect(await balance()).toBeCloseTo(before, 9);
  });

  it("health and purge-queue answer for every model slug, as the seed serves every job operation with the slug in place of the endpoint id", async () => {
    for (const slug of modelSlugs) {
      const health = await jobApi(tp, slug, "/health");
      expect(health.status, slug).toBe(200);
      expect(health.body, slug).toMatchObject({
        jobs: { inQueue: expect.any(Number), inProgress: expect.any(Number) },
        workers: { idle: expect.any(Number), running: expect.any(Number) },
      });
      const purge = await jobApi(tp, slug, "/purge-queue", { method: "POST", json: {} });
      expect(purge.status, slug).toBe(200);
      expect(purge.body, slug).toMatchObject({ removed: 0 });
    }
  });

  it("the JS SDK's health() and purgeQueue() work on a model: queued runs are purged", async () => {
    // A new account has no worker of this model yet. Its first starts at once (cold starts are 0
    // here) and takes the first run; a second worker needs the queue to wait 1 s of platform
    // time, which never passes here, so the second run stays queued.
    const res = await tp.request("/_platform/accounts", {
      method: "POST",
      json: { name: "purge-queue", balance: 100 },
    });
    expect(res.status).toBe(201);
    const key = ((await res.json()) as { key: { key: string } }).key.key;
    const model = runpodSdk(key, { baseUrl: `${tp.url}/v2` }).endpoint(FLUX_SCHNELL)!;
    const submit = async (prompt: string) => {
      const r = await jobApi(tp, FLUX_SCHNELL, "/run", {
        method: "POST",
        auth: key,
        json: { input: { prompt } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.id as string;
    };
    const [first, second] = [await submit("one"), await submit("two")];
    await advance(tp, 0);
    const health = (await model.health()) as { jobs: { inQueue: number; inProgress: number } };
    expect(health.jobs).toMatchObject({ inQueue: 1, inProgress: 1 });
    const purged = (await model.purgeQueue()) as { removed: number };
    expect(purged.removed).toBe(1);
    const statusOf = async (id: string) =>
      (await jobApi(tp, FLUX_SCHNELL, `/status/${id}`, { auth: key })).body.status;
    expect(await statusOf(second)).toBe("CANCELLED");
    expect(await statusOf(first)).toBe("IN_PROGRESS");
  });

  const balance = () => balanceOf(tp);
});
