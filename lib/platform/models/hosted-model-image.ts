import { randomInt } from "node:crypto";
import {
  exampleInput,
  findModel,
  parseModelInput,
  type HostedModel,
  type ModelInput,
} from "@/lib/models";
import type { TextModelChunk, TextModelResult } from "@/lib/schemas/hosted-models";
import type { BuiltinImage, BuiltinJobContext, BuiltinJobResult } from "../workers/builtin-image";
import { HOSTED_ENV, HOSTED_MODEL_IMAGE } from "./hosted-endpoint";
import { runtimeOf, type HostedRuntime } from "./hosted-runtime";
import { contentTypeOf, type OutputExtension } from "./output-files";
import { uploadToS3 } from "./s3-upload";
import { syntheticSpeech } from "./synth/audio";
import { syntheticImage, type ImageFormat } from "./synth/image";
import { countTokens, syntheticAnswer } from "./synth/text";
import { syntheticVideo } from "./synth/video";

const LABEL = "local platform";
/** Tokens per `/stream` chunk and simulated time per token (ms, before PLATFORM_MODEL_SPEED). */
const TOKENS_PER_CHUNK = 4;
const MS_PER_TOKEN = 25;

const num = (v: unknown, fallback: number) =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
const str = (v: unknown) => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * Simulated execution time of one run (ms at speed 1), scaled to what the real model does:
 * images by megapixels × steps, video by seconds of footage, speech by seconds of audio.
 */
export function executionMs(
  model: HostedModel,
  input: ModelInput,
  spec: { width?: number; height?: number; seconds?: number },
): number {
  switch (model.kind) {
    case "image": {
      const mp = ((spec.width ?? 1024) * (spec.height ?? 1024)) / 1e6;
      const steps = num(input.num_inference_steps, 20);
      return Math.round(500 + 1500 * mp * (steps / 28));
    }
    case "video":
      return Math.round(2000 + 1200 * (spec.seconds ?? 5));
    case "audio":
      return Math.round(400 + 60 * (spec.seconds ?? 5));
    case "text":
      return 0; // per token, while streaming
  }
}

/** The key that makes a run's output: everything in the input, with the seed actually used. */
function outputKey(slug: string, input: ModelInput): { key: string; seed: number } {
  const given = num(input.seed ?? obj(input.sampling_params).seed, -1);
  const seed = given >= 0 ? given : randomInt(0, 2 ** 31 - 1);
  const { seed: _s, ...rest } = input;
  return { key: `${slug}\n${seed}\n${JSON.stringify(rest)}`, seed };
}

/** Sizes follow the catalogue's output spec; edits of an unseen input image default to 1024². */
function videoDims(input: ModelInput, spec: { width?: number; height?: number }) {
  if (spec.width && spec.height) return { width: spec.width, height: spec.height };
  const aspect = str(input.aspect_ratio);
  const m = /^(\d+):(\d+)$/.exec(aspect);
  if (m) {
    const r = Number(m[1]) / Number(m[2]);
    return r >= 1
      ? { width: Math.round(720 * r), height: 720 }
      : { width: 720, height: Math.round(720 / r) };
  }
  return { width: 1280, height: 720 };
}

interface Produced {
  data: Buffer;
  ext: OutputExtension;
}

async function deliver(rt: HostedRuntime, job: BuiltinJobContext, file: Produced): Promise<string> {
  const contentType = contentTypeOf(file.ext);
  if (job.s3Config !== undefined && job.s3Config !== null) {
    return uploadToS3(job.s3Config, job.id, { ...file, contentType }, job.signal);
  }
  return (await rt.files.save(file.data, file.ext)).url;
}

async function charge(
  rt: HostedRuntime,
  accountId: string,
  slug: string,
  cost: number,
  at: number,
): Promise<void> {
  if (cost <= 0) return;
  await rt.usage.record({
    accountId,
    product: "endpoint",
    resourceId: slug,
    amounts: { total: cost },
    at,
  });
}

async function runMedia(
  rt: HostedRuntime,
  model: HostedModel,
  input: ModelInput,
  job: BuiltinJobContext,
  accountId: string,
): Promise<BuiltinJobResult> {
  const spec = model.outputSpec(input);
  await job.sleep(executionMs(model, input, spec) * rt.timeScale);
  if (job.signal.aborted) return { kind: "output", output: null };
  const { key } = outputKey(model.slug, input);
  const label = `${LABEL} · ${model.name}`;
  let file: Produced;
  let cost: number;
  switch (model.kind) {
    case "image": {
      const format: ImageFormat =
        spec.format === "png" || spec.format === "webp" ? spec.format : "jpeg";
      const width = spec.width ?? 1024;
      const height = spec.height ?? 1024;
      file = { data: await syntheticImage({ key, width, height, format, label }), ext: format };
      cost = model.cost(input);
      break;
    }
    case "video": {
      const dims = videoDims(input, spec);
      const seconds = spec.seconds ?? num(input.duration, 5);
      const clip = await syntheticVideo({ key, ...dims, seconds, label });
      file = { data: clip.data, ext: "webm" };
      cost = model.cost(input);
      break;
    }
    default: {
      const seconds = spec.seconds ?? 5;
      file = { data: syntheticSpeech(key, seconds), ext: "wav" };
      cost = model.cost(input, { seconds });
    }
  }
  if (job.signal.aborted) return { kind: "output", output: null };
  let url: string;
  try {
    url = await deliver(rt, job, file);
  } catch (err) {
    // Not charged: the user got nothing.
    return {
      kind: "error",
      error: `could not upload the output to the s3Config bucket: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  await charge(rt, accountId, model.slug, cost, job.now());
  return { kind: "output", output: { [model.output]: url, cost } };
}

/** The question a text input asks: `prompt`, or the last user message. */
function questionOf(input: Record<string, unknown>): { question: string; all: string } {
  if (typeof input.prompt === "string") return { question: input.prompt, all: input.prompt };
  const messages = Array.isArray(input.messages) ? input.messages.map(obj) : [];
  const users = messages.filter((m) => m.role === "user");
  const all = messages.map((m) => str(m.content)).join("\n");
  return { question: str(users[users.length - 1]?.content), all };
}

/** Streams the answer token batch by token batch on the platform clock; null when stopped. */
async function generateTokens(
  rt: HostedRuntime,
  job: BuiltinJobContext,
  tokens: string[],
  emit: (batch: string[], produced: number) => Promise<void>,
): Promise<boolean> {
  for (let i = 0; i < tokens.length; i += TOKENS_PER_CHUNK) {
    const batch = tokens.slice(i, i + TOKENS_PER_CHUNK);
    await job.sleep(batch.length * MS_PER_TOKEN * rt.timeScale);
    if (job.signal.aborted) return false;
    await emit(batch, i + batch.length);
  }
  return true;
}

async function runText(
  rt: HostedRuntime,
  model: HostedModel,
  input: ModelInput,
  job: BuiltinJobContext,
  accountId: string,
): Promise<BuiltinJobResult> {
  const { question, all } = questionOf(input);
  const sampling = obj(input.sampling_params);
  const maxTokens = num(input.max_tokens ?? sampling.max_tokens, 512);
  const { key } = outputKey(model.slug, input);
  const tokens = syntheticAnswer(key, model.name, question, maxTokens);
  const inputTokens = countTokens(all);
  const finished = await generateTokens(rt, job, tokens, async (batch, produced) => {
    const chunk: TextModelChunk = {
      choices: [{ tokens: batch }],
      usage: { input: inputTokens, output: produced },
    };
    await job.stream(chunk);
  });
  if (!finished) return { kind: "output", output: null };
  const usage = { input: inputTokens, output: tokens.length };
  const cost = model.cost(input, usage);
  const result: TextModelResult = { choices: [{ tokens: [tokens.join("")] }], cost, usage };
  await charge(rt, accountId, model.slug, cost, job.now());
  // Prompt-style models (qwen3, gpt-oss, cogito) answer a one-element list, chat models an object.
  return { kind: "output", output: "prompt" in input ? [result] : result, streamed: true };
}

/**
 * `/openai/v1/...` of a text model: chat and text completions with OpenAI shapes, streamed as SSE
 * text chunks (`data: …\n\n`, then a usage chunk and `data: [DONE]`) when `stream` is true.
 */
async function runOpenAi(
  rt: HostedRuntime,
  model: HostedModel,
  route: string,
  rawBody: unknown,
  job: BuiltinJobContext,
  accountId: string,
): Promise<BuiltinJobResult> {
  const body = obj(rawBody);
  const created = Math.floor(job.now() / 1000);
  const name = typeof body.model === "string" && body.model ? body.model : model.openaiModel!;
  if (route === "/v1/models") {
    return {
      kind: "output",
      output: {
        object: "list",
        data: [{ id: model.openaiModel, object: "model", created, owned_by: model.owner }],
      },
    };
  }
  const chat = route === "/v1/chat/completions";
  if (!chat && route !== "/v1/completions")
    return { kind: "error", error: `unsupported OpenAI route ${route}` };
  if (chat && !Array.isArray(body.messages))
    return { kind: "error", error: "Invalid parameter: messages is required" };
  if (!chat && typeof body.prompt !== "string")
    return { kind: "error", error: "Invalid parameter: prompt is required" };
  const { question, all } = questionOf(body);
  const maxTokens = num(body.max_tokens ?? body.max_completion_tokens, 512);
  const { key } = outputKey(model.slug, body);
  const tokens = syntheticAnswer(key, model.name, question, maxTokens);
  const promptTokens = countTokens(all);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: tokens.length,
    total_tokens: promptTokens + tokens.length,
  };
  // Kimi prices by the model the request names (one of its catalogue's); the others have one rate.
  const named = model.slug === "moonshot-kimi" && typeof body.model === "string";
  const parsed = parseModelInput(model.slug, {
    ...exampleInput(model.slug),
    ...(named ? { model: body.model } : {}),
  });
  if (!parsed.ok) return { kind: "error", error: parsed.error };
  const cost = model.cost(parsed.input, {
    input: usage.prompt_tokens,
    output: usage.completion_tokens,
  });
  const id = `${chat ? "chatcmpl" : "cmpl"}-${job.id}`;
  const object = chat ? "chat.completion" : "text_completion";
  const text = tokens.join("");
  const full = {
    id,
    object,
    created,
    model: name,
    choices: [
      chat
        ? { index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }
        : { index: 0, text, finish_reason: "stop" },
    ],
    usage,
  };
  if (body.stream === true) {
    /** One SSE chunk of the completion. */
    const sendChunk = (choices: unknown[], extra: { usage?: typeof usage } = {}) =>
      job.stream(
        `data: ${JSON.stringify({ id, object: `${object}.chunk`, created, model: name, choices, ...extra })}\n\n`,
      );
    const finished = await generateTokens(rt, job, tokens, async (batch) => {
      const piece = batch.join("");
      await sendChunk([
        chat
          ? { index: 0, delta: { content: piece }, finish_reason: null }
          : { index: 0, text: piece, finish_reason: null },
      ]);
    });
    if (!finished) return { kind: "output", output: null };
    await sendChunk([
      chat
        ? { index: 0, delta: {}, finish_reason: "stop" }
        : { index: 0, text: "", finish_reason: "stop" },
    ]);
    await sendChunk([], { usage });
    await job.stream("data: [DONE]\n\n");
    await charge(rt, accountId, model.slug, cost, job.now());
    return { kind: "output", output: full, streamed: true };
  }
  await job.sleep(tokens.length * MS_PER_TOKEN * rt.timeScale);
  if (job.signal.aborted) return { kind: "output", output: null };
  await charge(rt, accountId, model.slug, cost, job.now());
  return { kind: "output", output: full };
}

/** Runs one job of a hosted model: validate, wait the simulated time, produce, deliver, charge. */
export async function runHostedJob(
  rt: HostedRuntime,
  slug: string,
  accountId: string,
  job: BuiltinJobContext,
): Promise<BuiltinJobResult> {
  const model = findModel(slug);
  if (!model) return { kind: "error", error: `Unknown model: ${slug}` };
  const raw = obj(job.input);
  if (typeof raw.openai_route === "string" && model.kind === "text" && model.openaiModel) {
    return runOpenAi(rt, model, raw.openai_route, raw.openai_input, job, accountId);
  }
  const parsed = parseModelInput(slug, job.input);
  // Invalid input fails the job with the service's wording and costs nothing.
  if (!parsed.ok) return { kind: "error", error: parsed.error };
  return model.kind === "text"
    ? runText(rt, model, parsed.input, job, accountId)
    : runMedia(rt, model, parsed.input, job, accountId);
}

/**
 * `hangar/hosted-model:<slug>`: the workers of the hidden hosted-model endpoints. Outputs are
 * synthetic but real files (lib/platform/models/synth), served signed by the platform.
 */
export const hostedModelImage: BuiltinImage = {
  name: HOSTED_MODEL_IMAGE,
  matches: (image) => image.startsWith(`${HOSTED_MODEL_IMAGE}:`),
  async runJob(job, options) {
    const rt = runtimeOf(options.env[HOSTED_ENV.runtime]);
    const slug = options.env[HOSTED_ENV.slug] ?? "";
    const accountId = options.env[HOSTED_ENV.account] ?? "";
    if (!rt) return { kind: "error", error: "the hosted-model runtime is not available" };
    try {
      return await runHostedJob(rt, slug, accountId, job);
    } catch (err) {
      rt.log.error({ err, job: job.id, slug }, "hosted model run failed");
      return {
        kind: "error",
        error: `generation failed: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  },
  async serveHttp() {
    return Response.json({ error: "hosted models are queue endpoints" }, { status: 404 });
  },
};
