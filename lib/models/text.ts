import { z } from "zod";
import { defineModel } from "./define-model";
import { field, prompt } from "./inputs";
import { media } from "./media";
import { perMillionTokens, usd } from "./pricing";
import type { FieldSpec, HostedModel, Usage } from "./types";

const QUESTION = "Explain in three sentences why the sky is blue.";

// Text is billed on the tokens of a finished run (`output.usage`), so there is nothing to charge
// before one: the playground shows the rate instead of an estimate.
const tokensCost = (rate: number) => (_input: unknown, usage?: Usage) =>
  usd(perMillionTokens((usage?.input ?? 0) + (usage?.output ?? 0), rate));

const perMillion = (rate: number) => ({
  line: `$${rate} per million tokens (input and output)`,
  example: `1,000 tokens = $${usd(rate / 1000)}`,
});

const temperature = (value: number) => z.number().min(0).max(1).default(value);
const topP = () => z.number().min(0).max(1);
/** -1 turns top-k sampling off. */
const topK = () => z.number().int().min(-1);
const maxTokens = (value: number) => z.number().int().min(1).default(value);

const promptInput = z.object({
  prompt: prompt(),
  max_tokens: maxTokens(512),
  temperature: temperature(0.7),
  top_p: topP().optional(),
  top_k: topK().optional(),
  stop: z.union([z.string(), z.array(z.string())]).optional(),
});

const samplingFields = (prefix = ""): FieldSpec[] => [
  field.number(`${prefix}max_tokens`, "Max tokens", "Upper bound on the length of the answer."),
  field.slider(`${prefix}temperature`, "Temperature", "Higher is more varied.", 0.05),
  field.slider(
    `${prefix}top_p`,
    "Top p",
    "Sample only from the most likely tokens that add up to p.",
    0.05,
  ),
  field.number(`${prefix}top_k`, "Top k", "Sample only from the k most likely tokens; -1 for all."),
];

const promptFields = [
  field.prompt("The text to continue or the question to answer."),
  ...samplingFields(),
  field.text("stop", "Stop", "Stop generating when this text appears."),
];

const promptModel = (m: {
  slug: string;
  owner: string;
  name: string;
  description: string;
  rate: number;
  openaiModel: string;
}) =>
  defineModel({
    slug: m.slug,
    owner: m.owner,
    name: m.name,
    kind: "text",
    description: m.description,
    input: promptInput,
    fields: promptFields,
    price: perMillion(m.rate),
    cost: tokensCost(m.rate),
    openaiModel: m.openaiModel,
    outputSpec: () => media("text"),
    example: { prompt: QUESTION },
  });

export const qwen3_32b = promptModel({
  slug: "qwen3-32b-awq",
  owner: "qwen",
  name: "Qwen3 32B AWQ",
  description: "Qwen3 32B, quantised with AWQ: strong reasoning and coding at a small footprint.",
  rate: 10,
  openaiModel: "Qwen/Qwen3-32B-AWQ",
});

export const gptOss120b = promptModel({
  slug: "gpt-oss-120b",
  owner: "openai",
  name: "GPT-OSS 120B",
  description: "OpenAI's open-weight 120B reasoning model.",
  rate: 10,
  openaiModel: "openai/gpt-oss-120b",
});

export const cogito671b = promptModel({
  slug: "cogito-671b-v2-1-fp8-dynamic",
  owner: "deepcogito",
  name: "Cogito 671B v2.1",
  description: "Deep Cogito's 671B mixture-of-experts model with short, efficient reasoning.",
  rate: 0.5,
  openaiModel: "deepcogito/cogito-671b-v2.1-FP8",
});

const messages = z
  .array(
    z.object({
      role: z.enum(["system", "user", "assistant"]),
      content: z.string(),
    }),
  )
  .min(1);

const messagesField: FieldSpec = {
  key: "messages",
  label: "Messages",
  control: "messages",
  group: "main",
  help: "The conversation so far; the model answers the last message.",
};

const exampleMessages = [
  { role: "system" as const, content: "You are a concise assistant." },
  { role: "user" as const, content: QUESTION },
];

export const granite4HSmall = defineModel({
  slug: "granite-4-0-h-small",
  owner: "ibm",
  name: "IBM Granite 4.0 H Small",
  kind: "text",
  description: "IBM Granite-4.0-H-Small, a 32B long-context instruct model.",
  input: z.object({
    messages,
    // prefault, not default: an omitted or partial object still gets each documented default.
    sampling_params: z
      .object({
        max_tokens: maxTokens(512),
        temperature: temperature(0.7),
        seed: z.number().int().default(-1),
        top_k: topK().default(-1),
        top_p: topP().default(1),
      })
      .prefault({}),
  }),
  fields: [
    messagesField,
    ...samplingFields("sampling_params."),
    field.seed("sampling_params.seed"),
  ],
  price: perMillion(10),
  cost: tokensCost(10),
  outputSpec: () => media("text"),
  example: { messages: exampleMessages },
});

const KIMI_RATES = {
  "kimi-k2.6": { input: 0.95, output: 4 },
  "kimi-k2.7-code": { input: 0.95, output: 4 },
  "kimi-k3": { input: 3, output: 15 },
} as const;

export const moonshotKimi = defineModel({
  slug: "moonshot-kimi",
  owner: "moonshotai",
  name: "Moonshot Kimi",
  kind: "text",
  description: "Moonshot's Kimi models for agentic work and code, behind one endpoint.",
  input: z.object({
    messages,
    model: z.enum(["kimi-k2.6", "kimi-k2.7-code", "kimi-k3"]).default("kimi-k2.6"),
    sampling_params: z
      .object({
        max_tokens: maxTokens(2048),
        temperature: temperature(1),
        seed: z.number().int().optional(),
        top_k: topK().optional(),
        top_p: topP().optional(),
      })
      .prefault({}),
  }),
  fields: [
    messagesField,
    field.select("model", "Model", "Kimi K3 costs more per token."),
    ...samplingFields("sampling_params."),
    field.seed("sampling_params.seed"),
  ],
  price: {
    line: "Per million tokens: $0.95 in / $4.00 out (K2.6, K2.7 Code); $3 in / $15 out (K3)",
    example: "K2.6, 1,000 in + 1,000 out = $0.00495",
  },
  cost: (i, usage) => {
    const rate = KIMI_RATES[i.model];
    return usd(
      perMillionTokens(usage?.input ?? 0, rate.input) +
        perMillionTokens(usage?.output ?? 0, rate.output),
    );
  },
  // The default model; `input.model` (or the OpenAI `model` field) picks another.
  openaiModel: "kimi-k2.6",
  outputSpec: () => media("text"),
  example: { messages: exampleMessages },
});

export const textModels: readonly HostedModel[] = [
  qwen3_32b,
  gptOss120b,
  cogito671b,
  granite4HSmall,
  moonshotKimi,
];
