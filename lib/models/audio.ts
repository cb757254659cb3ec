import { z } from "zod";
import { defineModel } from "./define-model";
import { choice, field, flag, prompt, url } from "./inputs";
import { estimateSpeechSeconds, media } from "./media";
import { usd } from "./pricing";
import type { HostedModel } from "./types";

const SPEECH =
  "Welcome aboard. Today we will build, test and ship a small service, one careful step at a time.";

const CHATTERBOX_VOICES = [
  "aaron",
  "abigail",
  "anaya",
  "andy",
  "archer",
  "brian",
  "chloe",
  "dylan",
  "emmanuel",
  "ethan",
  "evelyn",
  "gavin",
  "gordon",
  "ivan",
  "laura",
  "lucy",
  "madison",
  "marisol",
  "meera",
  "walter",
] as const;

export const chatterboxTurbo = defineModel({
  slug: "chatterbox-turbo",
  owner: "resemble-ai",
  name: "Chatterbox Turbo",
  kind: "audio",
  description: "Fast, expressive text-to-speech with twenty voices or a cloned one.",
  input: z.object({
    prompt: prompt(),
    voice: choice(CHATTERBOX_VOICES, "lucy"),
    voice_url: url().optional(),
    format: choice(["wav", "flac", "ogg"], "wav"),
  }),
  fields: [
    field.prompt("The text to speak."),
    field.select("voice", "Voice"),
    field.url(
      "voice_url",
      "Voice to clone",
      "Public URL of a short voice sample; overrides Voice.",
      "additional",
    ),
    field.select("format", "Format"),
  ],
  price: { line: "$0.001 per second of audio", example: "a 60 s clip = $0.06" },
  // Billed on the audio produced; before a run that length is estimated from the text.
  cost: (i, usage) => usd((usage?.seconds ?? estimateSpeechSeconds(i.prompt)) * 0.001),
  outputSpec: (i) => media(i.format, undefined, estimateSpeechSeconds(i.prompt)),
  example: { prompt: SPEECH },
});

export const minimaxSpeech02Hd = defineModel({
  slug: "minimax-speech-02-hd",
  owner: "minimax",
  name: "Minimax Speech 02 HD",
  kind: "audio",
  description: "High-fidelity text-to-speech with controllable emotion, speed and pitch.",
  input: z.object({
    prompt: prompt(),
    // Free text rather than a list: MiniMax also accepts the ids of cloned voices.
    voice_id: z.string().min(1).default("Wise_Woman"),
    // Ranges are MiniMax's own API limits; the hosted model's page lists only the defaults.
    speed: z.number().min(0.5).max(2).default(1),
    volume: z.number().min(0).max(10).default(1),
    pitch: z.number().int().min(-12).max(12).default(0),
    emotion: choice(["happy", "sad", "neutral", "angry", "fearful", "surprised"], "neutral"),
    english_normalization: flag(false),
    default_audio_url: url().optional(),
  }),
  fields: [
    field.prompt("The text to speak."),
    field.text("voice_id", "Voice", "A MiniMax voice id, like Wise_Woman."),
    field.slider("speed", "Speed", undefined, 0.1),
    field.slider("volume", "Volume", undefined, 0.1),
    field.slider("pitch", "Pitch", "Semitones up or down."),
    field.select("emotion", "Emotion"),
    field.toggle(
      "english_normalization",
      "English normalisation",
      "Read numbers and abbreviations aloud.",
    ),
    field.url("default_audio_url", "Default audio URL", "Optional public audio URL.", "additional"),
  ],
  price: { line: "$0.05 per 1,000 characters", example: "a 2,000-character script = $0.10" },
  cost: (i) => usd((i.prompt.length / 1000) * 0.05),
  outputSpec: (i) => media("mp3", undefined, estimateSpeechSeconds(i.prompt, i.speed)),
  example: { prompt: SPEECH },
});

export const audioModels: readonly HostedModel[] = [chatterboxTurbo, minimaxSpeech02Hd];
