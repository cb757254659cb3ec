import { rngFrom } from "./random";

const FILLERS = [
  "In short,",
  "Put simply,",
  "One way to see it:",
  "The key idea is that",
  "As a rule of thumb,",
  "Notably,",
  "To put it another way,",
  "It helps to remember that",
];

const CLOSERS = [
  "the details depend on the setup.",
  "a small experiment makes it clear.",
  "the same reasoning carries over to similar cases.",
  "that is the short version.",
  "the rest follows from there.",
];

/** Rough tokenizer: words and punctuation, about what a BPE counts for English. */
export function countTokens(text: string): number {
  return Math.max(1, text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0);
}

/**
 * A deterministic synthetic answer as a list of tokens (each with its leading space), at most
 * `maxTokens`. It says plainly that it comes from the local platform and echoes the question.
 */
export function syntheticAnswer(
  key: string,
  model: string,
  question: string,
  maxTokens: number,
): string[] {
  const rng = rngFrom(key);
  const topic = question.replace(/\s+/g, " ").trim().slice(0, 120) || "your message";
  const sentences = [
    `This is a synthetic answer from the local platform's stand-in for ${model}.`,
    `You asked: "${topic}".`,
  ];
  const extra = rng.int(2, 5);
  for (let i = 0; i < extra; i++) {
    sentences.push(`${rng.pick(FILLERS)} ${rng.pick(CLOSERS)}`);
  }
  const words = sentences.join(" ").split(" ");
  const tokens = words.map((w, i) => (i === 0 ? w : ` ${w}`));
  return tokens.slice(0, Math.max(1, maxTokens));
}
