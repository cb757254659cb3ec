import type { z } from "zod";
import { assertJsonDepth, assertNoNul } from "./json-guard";
import { problems } from "./problem";
import { jsonPath } from "@/lib/schemas/json-path";
import { apiMessage } from "@/lib/schemas/messages";

type Issue = z.core.$ZodIssue;

export { jsonPath };

/** One issue → `<json path>: <message>` lines (unknown keys give one line each). */
export function describeIssue(issue: Issue, prefix: readonly PropertyKey[] = []): string[] {
  const path = [...prefix, ...issue.path];
  const at = jsonPath(path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((k) => `${jsonPath([...path, k])}: unknown property`);
    case "invalid_union": {
      // Discriminated unions report the discriminator; plain unions list the first branch's issues.
      if (issue.errors.length > 0 && issue.errors[0]!.length > 0) {
        return issue.errors[0]!.flatMap((inner) => describeIssue(inner, path));
      }
      return [`${at}: ${apiMessage(issue.message)}`];
    }
    default:
      // issue.message is the schema's own message or else the shared map's (lib/schemas/messages).
      return [`${at}: ${apiMessage(issue.message)}`];
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
