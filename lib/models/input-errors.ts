import type { z } from "zod";

type Issue = z.core.$ZodRawIssue;

/** `["loras", 0, "path"]` → `loras[0].path`, the way people write it in JSON. */
function fieldName(path: readonly PropertyKey[] | undefined): string {
  if (!path?.length) return "input";
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i ? "." : ""}${String(part)}`))
    .join("");
}

const EXPECTED: Record<string, string> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

const items = (n: unknown) => `${n} item${n === 1 ? "" : "s"}`;

function describe(issue: Issue): string {
  const name = fieldName(issue.path);
  // A missing enum is an `invalid_value` in zod, but the caller's mistake is the same: no value.
  if (
    issue.input === undefined &&
    (issue.code === "invalid_type" || issue.code === "invalid_value")
  ) {
    return `${name} is required`;
  }
  switch (issue.code) {
    case "invalid_type":
      return `${name} must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.origin === "array") return `${name} must have at least ${items(issue.minimum)}`;
      if (issue.origin === "string") {
        return issue.minimum === 1
          ? `${name} must not be empty`
          : `${name} must have at least ${issue.minimum} characters`;
      }
      return `${name} must be ${issue.inclusive ? "at least" : "greater than"} ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "array") return `${name} must have at most ${items(issue.maximum)}`;
      if (issue.origin === "string") return `${name} must have at most ${issue.maximum} characters`;
      return `${name} must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}`;
    case "not_multiple_of":
      return `${name} must be divisible by ${issue.divisor}`;
    case "invalid_value":
      return `${name} must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "url"
        ? `${name} must be an http(s) URL`
        : `${name} has an invalid format`;
    case "custom": {
      const problem = (issue.params as { problem?: unknown } | undefined)?.problem;
      return typeof problem === "string" ? `${name} ${problem}` : `${name} is invalid`;
    }
    case "invalid_union":
      return `${name} has an invalid type`;
    default:
      return `${name} is invalid`;
  }
}

/**
 * Per-parse zod error map: one sentence that names the field, as the service words its
 * `Invalid parameter: …` failures. Messages written on a schema (the ÷64 rule) take precedence.
 * Also usable as the form resolver's error map so the playground shows the same words.
 */
export const inputErrorMap = (issue: Issue): string => describe(issue);
