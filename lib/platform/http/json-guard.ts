import { jsonPath } from "@/lib/schemas/json-path";
import { problems, type PlatformError } from "./problem";

/**
 * How deep a request body may nest arrays and objects. No real payload comes near it; without a
 * bound, a body nested a few thousand deep parses fine but overflows the stack later (storing the
 * job, echoing it, validating it), which would answer 500.
 */
export const MAX_JSON_DEPTH = 100;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function tooDeep(): PlatformError {
  return problems.badRequest(
    `request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels; the limit is ${MAX_JSON_DEPTH}`,
  );
}

/**
 * Throws the 400 when the raw JSON text nests deeper than the limit. A single pass over the text,
 * no recursion: brackets inside strings do not count. Malformed text is left to `JSON.parse`.
 */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > max) throw tooDeep();
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    }
  }
}

/**
 * JSON path of the first string or property name holding U+0000, or null. Iterative (the value is
 * already bounded in depth, but this runs on any parsed value).
 */
export function findNul(value: unknown): string | null {
  // The path names a key that may itself hold the NUL: shown escaped.
  const at = (path: PropertyKey[]) => jsonPath(path).replaceAll("\0", "\\u0000");
  const stack: { v: unknown; path: PropertyKey[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\0")) return at(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v as Record<string, unknown>);
      for (const [k] of entries) if (k.includes("\0")) return at([...path, k]);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ v: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return null;
}

export function nulProblem(where: string, errors?: string[]): PlatformError {
  return problems.badRequest(
    `${where} contains a NUL character (U+0000), which the platform does not accept`,
    errors,
  );
}

/**
 * NUL inside a JSON string arrives escaped (`\u0000`; a raw control character is not valid JSON),
 * so only bodies whose text holds that escape are walked.
 */
export function assertNoNul(text: string, value: unknown): void {
  if (!text.includes("\\u0000")) return;
  const at = findNul(value);
  if (at !== null)
    throw nulProblem(`request body at ${at}`, [`${at}: must not contain a NUL character`]);
}
