import { z } from "zod";

/**
 * `output` of a completed hosted-model job (platform-notes §5.1). Media models answer a URL and
 * the USD `cost`; text models answer token `choices`, `cost` and `usage` (an array of that object
 * for the prompt-style models qwen3/gpt-oss/cogito, a bare object for granite/kimi).
 */
export const ImageModelOutput = z
  .object({ image_url: z.string(), cost: z.number() })
  .meta({ id: "ImageModelOutput" });
export const VideoModelOutput = z
  .object({ video_url: z.string(), cost: z.number() })
  .meta({ id: "VideoModelOutput" });
export const AudioModelOutput = z
  .object({ audio_url: z.string(), cost: z.number() })
  .meta({ id: "AudioModelOutput" });

export const TextModelResult = z
  .object({
    choices: z.array(z.object({ tokens: z.array(z.string()) })),
    cost: z.number(),
    usage: z.object({ input: z.number().int(), output: z.number().int() }),
  })
  .meta({ id: "TextModelResult" });
export const TextModelOutput = z.union([TextModelResult, z.array(TextModelResult).length(1)]);

/** One `/stream` chunk of a text model: the tokens since the previous chunk and the running usage. */
export const TextModelChunk = z
  .object({
    choices: z.array(z.object({ tokens: z.array(z.string()) })),
    usage: z.object({ input: z.number().int(), output: z.number().int() }),
  })
  .meta({ id: "TextModelChunk" });

export const HostedModelOutput = z.union([
  ImageModelOutput,
  VideoModelOutput,
  AudioModelOutput,
  TextModelOutput,
]);
export type HostedModelOutput = z.infer<typeof HostedModelOutput>;
export type TextModelResult = z.infer<typeof TextModelResult>;
export type TextModelChunk = z.infer<typeof TextModelChunk>;
