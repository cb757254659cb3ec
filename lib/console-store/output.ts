// Reading hosted-model and worker outputs (platform-notes §5.1). Pure: used by the console's
// server (thumbnails) and by the result pane in the browser.

export type MediaKind = "image" | "video" | "audio";
export interface MediaOutput {
  kind: MediaKind;
  url: string;
}

const MEDIA_KEYS: [string, MediaKind][] = [
  ["image_url", "image"],
  ["video_url", "video"],
  ["audio_url", "audio"],
];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The media file a run produced (`output.image_url` and friends), if any. */
export function mediaOf(output: unknown): MediaOutput | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  if (!isRecord(first)) return undefined;
  for (const [key, kind] of MEDIA_KEYS) {
    const url = first[key];
    if (typeof url === "string" && /^https?:\/\//.test(url)) return { kind, url };
  }
  return undefined;
}

function choiceText(choice: unknown): string {
  if (!isRecord(choice)) return "";
  if (Array.isArray(choice.tokens))
    return choice.tokens.filter((t) => typeof t === "string").join("");
  if (typeof choice.text === "string") return choice.text;
  if (isRecord(choice.delta) && typeof choice.delta.content === "string")
    return choice.delta.content;
  if (isRecord(choice.message) && typeof choice.message.content === "string")
    return choice.message.content;
  return "";
}

/**
 * The text in one output or stream chunk: a bare string, `{choices:[{tokens:[…]}]}` (hosted text
 * models, possibly wrapped in a list), OpenAI-style `delta`/`message`/`text`, or `{text}`.
 * Undefined when the value carries no text at all.
 */
export function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((t): t is string => t !== undefined);
    return parts.length > 0 ? parts.join("") : undefined;
  }
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.choices)) return value.choices.map(choiceText).join("");
  if (typeof value.text === "string") return value.text;
  return undefined;
}

/** Token counts of a text model's output (`usage`), when present. */
export function usageOf(output: unknown): { input?: number; output?: number } | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  if (!isRecord(first) || !isRecord(first.usage)) return undefined;
  const { input, output: out } = first.usage;
  return {
    ...(typeof input === "number" ? { input } : {}),
    ...(typeof out === "number" ? { output: out } : {}),
  };
}
