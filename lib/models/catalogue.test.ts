import { describe, expect, it } from "vitest";
import { z } from "zod";
import { exampleInput, findModel, models, modelSlugs, parseModelInput } from "./index";

// Every row of platform-notes §5.3, by kind.
const DOCUMENTED = {
  image: [
    "black-forest-labs-flux-1-dev",
    "black-forest-labs-flux-1-schnell",
    "black-forest-labs-flux-1-kontext-dev",
    "p-image-t2i",
    "p-image-edit",
    "qwen-image-t2i",
    "qwen-image-t2i-lora",
    "qwen-image-edit",
    "qwen-image-edit-2511",
    "qwen-image-edit-2511-lora",
    "seedream-v4-t2i",
    "seedream-v4-edit",
    "wan-2-6-t2i",
    "z-image-turbo",
    "nano-banana-edit",
    "nano-banana-pro-edit",
    "google-nano-banana-2-edit",
  ],
  video: [
    "wan-2-1-i2v-720",
    "wan-2-2-i2v-720",
    "wan-2-2-t2v-720-lora",
    "wan-2-5",
    "wan-2-6-i2v",
    "wan-2-6-t2v",
    "kling-v2-1-i2v-pro",
    "kling-v2-6-std-motion-control",
    "kling-video-o1-r2v",
    "seedance-v1-5-pro-i2v",
    "sora-2-i2v",
    "sora-2-pro-i2v",
    "infinitetalk",
    "p-video",
    "vidu-q3-i2v",
    "vidu-q3-t2v",
  ],
  audio: ["chatterbox-turbo", "minimax-speech-02-hd"],
  text: [
    "qwen3-32b-awq",
    "gpt-oss-120b",
    "cogito-671b-v2-1-fp8-dynamic",
    "granite-4-0-h-small",
    "moonshot-kimi",
  ],
} as const;

const OUTPUT_KEY = {
  image: "image_url",
  video: "video_url",
  audio: "audio_url",
  text: "text",
} as const;

/** Leaf input keys, nested ones dotted, read from the zod shape itself. */
function inputKeys(schema: z.ZodObject, prefix = ""): string[] {
  return Object.entries(schema.shape).flatMap(([key, type]) => {
    let inner: z.ZodType = type as z.ZodType;
    while (
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodPrefault ||
      inner instanceof z.ZodOptional
    ) {
      inner = inner.unwrap() as z.ZodType;
    }
    return inner instanceof z.ZodObject
      ? inputKeys(inner, `${prefix}${key}.`)
      : [`${prefix}${key}`];
  });
}

describe("catalogue", () => {
  it("holds exactly the documented models, each under its kind", () => {
    const byKind = Object.fromEntries(
      Object.keys(DOCUMENTED).map((kind) => [
        kind,
        models.filter((m) => m.kind === kind).map((m) => m.slug),
      ]),
    );
    expect(byKind).toEqual(DOCUMENTED);
  });

  it("gives every model a unique slug", () => {
    expect(new Set(modelSlugs).size).toBe(models.length);
    expect(modelSlugs).toEqual(models.map((m) => m.slug));
  });

  it("finds a model by slug and nothing for an unknown one", () => {
    expect(findModel("wan-2-5")?.name).toBe("WAN 2.5");
    expect(findModel("seedance-1-pro")).toBeUndefined();
  });

  describe.each(models.map((m) => [m.slug, m] as const))("%s", (_slug, model) => {
    it("has an owner, a name and a one-line description", () => {
      expect(model.owner).toMatch(/^[a-z0-9-]+$/);
      expect(model.name.length).toBeGreaterThan(0);
      expect(model.description).toMatch(/^\S.*\.$/);
      expect(model.description).not.toContain("\n");
    });

    it("has a price line and a worked example in dollars", () => {
      expect(model.price.line).toMatch(/\$\d/);
      expect(model.price.example).toMatch(/\$\d/);
    });

    it("describes every input key with exactly one field", () => {
      const keys = model.fields.map((f) => f.key);
      expect([...keys].sort()).toEqual(inputKeys(model.input).sort());
    });

    it("shows prompt, negative prompt and required inputs in the main group", () => {
      for (const f of model.fields) {
        if (f.required || f.key === "prompt" || f.key === "negative_prompt")
          expect(f.group, f.key).toBe("main");
      }
    });

    it("returns its result under the URL key of its kind", () => {
      expect(model.output).toBe(OUTPUT_KEY[model.kind]);
    });

    it("has an example input that parses, and a run of it costs what its price says", () => {
      expect(parseModelInput(model.slug, model.example).ok).toBe(true);
      const input = exampleInput(model.slug)!;
      const cost = model.cost(input, { input: 1000, output: 1000, seconds: 10 });
      expect(cost).toBeGreaterThan(0);
      expect(cost).toBeLessThan(10);
      expect(model.outputSpec(input).format).toBeTruthy();
    });
  });

  it("names the OpenAI-compatible model of each text model that has the /openai route", () => {
    const openai = Object.fromEntries(
      models.filter((m) => m.openaiModel).map((m) => [m.slug, m.openaiModel]),
    );
    expect(openai).toEqual({
      "qwen3-32b-awq": "Qwen/Qwen3-32B-AWQ",
      "gpt-oss-120b": "openai/gpt-oss-120b",
      "cogito-671b-v2-1-fp8-dynamic": "deepcogito/cogito-671b-v2.1-FP8",
      "moonshot-kimi": "kimi-k2.6",
    });
  });
});
