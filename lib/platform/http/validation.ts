import type { z } from "zod";
import { assertJsonDepth, assertNoNul } from "./json-guard";
import { problems } from "./problem";
import { jsonPath } from "@/lib/schemas/json-path";

type Issue = z.core.$ZodIssue;

export { jsonPath };

const ARTICLED: Record<string, string> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  array: "an array",
  object: "an object",
  nonoptional: "a value",
};
function describeExpected(expected: string): string {
  return ARTICLED[expected] ?? expected;
}

function received(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}

function what(origin: string | undefined, n: number | bigint): string {
  switch (origin) {
    case "string":
      return `${n} character${n === 1 ? "" : "s"}`;
    case "array":
    case "set":
      return `${n} item${n === 1 ? "" : "s"}`;
    default:
      return String(n);
  }
}

/** One issue → `<json path>: <message>` lines (unknown keys give one line each). */
export function describeIssue(issue: Issue, prefix: readonly PropertyKey[] = []): string[] {
  const path = [...prefix, ...issue.path];
  const at = jsonPath(path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((k) => `${jsonPath([...path, k])}: unknown property`);
    case "invalid_type":
      if (issue.input === undefined) return [`${at}: is required`];
      return [`${at}: must be ${describeExpected(issue.expected)}, got ${received(issue.input)}`];
    case "too_big":
      return [
        `${at}: must ${issue.origin === "array" || issue.origin === "string" ? "have" : "be"} at most ${what(issue.origin, issue.maximum as number)}${issue.inclusive === false ? " (exclusive)" : ""}`,
      ];
    case "too_small":
      return [
        `${at}: must ${issue.origin === "array" || issue.origin === "string" ? "have" : "be"} at least ${what(issue.origin, issue.minimum as number)}${issue.inclusive === false ? " (exclusive)" : ""}`,
      ];
    case "invalid_value":
      return [`${at}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`];
    case "not_multiple_of":
      return [`${at}: must be a multiple of ${String(issue.divisor)}`];
    case "invalid_format":
      return [
        `${at}: ${issue.message && !issue.message.startsWith("Invalid") ? issue.message : `must be a valid ${issue.format}`}`,
      ];
    case "invalid_union": {
      // Discriminated unions report the discriminator; plain unions list the first branch's issues.
      if (issue.errors.length > 0 && issue.errors[0]!.length > 0) {
        return issue.errors[0]!.flatMap((inner) => describeIssue(inner, path));
      }
      return [`${at}: ${issue.message}`];
    }
    default:
      return [`${at}: ${issue.message}`];
  }
}

export function formatIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): string[] {
  return [...new Set(error.issues.flatMap((i) => describeIssue(i as Issue, prefix)))];
}

/** Parse with a schema or throw the 422 validation problem naming each field. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly PropertyKey[] = [],
): z.output<S> {
  // reportInput lets a message tell "missing" from "wrong type" (zod drops the input otherwise).
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw problems.validation(formatIssues(result.error, prefix));
  return result.data;
}

/**
 * Lenient JSON: whatever the content type; empty body → undefined; bad JSON → 400. Every request
 * body goes through here, so it also refuses (400) what would break later: nesting deeper than
 * MAX_JSON_DEPTH and NUL in any string or property name (PostgreSQL text cannot hold it).
 */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") return undefined;
  assertJsonDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw problems.malformedJson((err as Error).message);
  }
  assertNoNul(text, value);
  return value;
}
