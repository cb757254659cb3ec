import { z } from "zod";

/**
 * The one message map of every schema: what a person reads when a value is refused, whether the
 * console's form caught it (zodResolver) or the platform did (problem `errors[]`, as
 * `<json path>: <message>`). Installed as zod's global `customError`, so every schema of the process
 * speaks it; a message written on a schema itself (`.regex(re, "must be …")`) still wins.
 *
 * Messages are sentence case ("Enter a name", "Must be at most 3600 s"). The platform writes them
 * after the field's path with a lower-case first letter (`name: enter a name`) — see `apiMessage` —
 * and the console shows whatever it gets with a capital (`sentence`).
 */

type RawIssue = z.core.$ZodRawIssue;

/** What to ask for when a field is missing or empty, by its property name. */
const NOUNS: Record<string, string> = {
  name: "a name",
  image: "a container image",
  imageName: "a container image",
  templateId: "a template",
  dataCenter: "a data center",
  dataCenterId: "a data center",
  volumeId: "a network volume",
  gpuTypeId: "a GPU type",
  path: "a path",
  username: "a user name",
  password: "a password",
  apiKey: "an API key",
  key: "a value",
  value: "a value",
  arn: "a repository ARN",
  publicKey: "a public key",
  url: "a URL",
  webhook: "a webhook URL",
  prompt: "a prompt",
  input: "an input object",
  resource: "a resource",
};

/** Items a list asks for ("Choose at least one GPU pool"), by the list's property name. */
const ITEMS: Record<string, string> = {
  pools: "GPU pool",
  gpuTypeIds: "GPU type",
  dataCenterIds: "data center",
  networkVolumes: "network volume",
  allowedCudaVersions: "CUDA version",
  ports: "port",
  network: "network volume",
};

/** Units of numeric fields, so a bound reads "at most 3600 s" rather than a bare number. */
const UNITS: Record<string, string> = {
  idleTimeout: "s",
  queueDelay: "s",
  timeout: "ms",
  executionTimeout: "ms",
  ttl: "ms",
  disk: "GB",
  size: "GB",
  containerDiskInGb: "GB",
  volumeInGb: "GB",
};

const UNIT_WORDS: Record<string, string> = { s: "seconds", ms: "milliseconds", GB: "GB" };

const EXPECTED: Record<string, string> = {
  int: "a whole number",
  number: "a number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  nonoptional: "a value",
};

const FORMATS: Record<string, string> = {
  url: "Enter a valid URL, e.g. https://example.com/hook",
  email: "Enter a valid email address",
  datetime: "Enter a date and time such as 2026-01-31T12:00:00Z",
  date: "Enter a date such as 2026-01-31",
  uuid: "Enter a valid UUID",
  regex: "Enter a value in the expected format",
};

function fieldKey(path: readonly PropertyKey[] | undefined): string | undefined {
  if (!path) return undefined;
  for (let i = path.length - 1; i >= 0; i--) {
    const seg = path[i];
    if (typeof seg === "string") return seg;
  }
  return undefined;
}

function withUnit(n: number | bigint, unit: string | undefined): string {
  return unit ? `${String(n)} ${unit}` : String(n);
}

function plural(n: number | bigint, word: string): string {
  return `${String(n)} ${word}${Number(n) === 1 ? "" : "s"}`;
}

/** `A`, `A or B`, `A, B or C`. */
export function listOptions(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} or ${shown[shown.length - 1]}`;
}

function got(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "a list";
  if (typeof input === "string") {
    return input.length > 24 ? `"${input.slice(0, 24)}…"` : JSON.stringify(input);
  }
  if (typeof input === "number") return Number.isNaN(input) ? "nothing" : String(input);
  if (typeof input === "boolean") return String(input);
  return typeof input === "object" ? "an object" : typeof input;
}

function missing(issue: RawIssue, key: string | undefined): string {
  if (issue.code === "invalid_value") return `Choose ${listOptions(issue.values)}`;
  if (issue.code === "invalid_type") {
    if (issue.expected === "array") {
      const item = key ? ITEMS[key] : undefined;
      return item ? `Choose at least one ${item}` : "Enter a list";
    }
    if (issue.expected === "number" || issue.expected === "int") {
      const words = key ? UNIT_WORDS[UNITS[key] ?? ""] : undefined;
      return words ? `Enter a number of ${words}` : "Enter a number";
    }
    if (issue.expected === "boolean") return "Choose yes or no";
  }
  return `Enter ${(key && NOUNS[key]) ?? "a value"}`;
}

/** The message for one issue (zod's raw issue: code, bounds, input and path). */
export function issueMessage(issue: RawIssue): string {
  const key = fieldKey(issue.path);
  const unit = key ? UNITS[key] : undefined;
  const input = issue.input;
  const absent = input === undefined || (typeof input === "number" && Number.isNaN(input));
  if (absent && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
    return missing(issue, key);
  }
  switch (issue.code) {
    case "invalid_type":
      return `Must be ${EXPECTED[issue.expected] ?? issue.expected}, got ${got(input)}`;
    case "too_small": {
      const n = issue.minimum;
      if (issue.origin === "string") {
        if (Number(n) <= 1) return `Enter ${(key && NOUNS[key]) ?? "a value"}`;
        return `Enter at least ${plural(n, "character")}`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        const item = key ? ITEMS[key] : undefined;
        if (Number(n) <= 1) return `Choose at least one ${item ?? "item"}`;
        return `Choose at least ${plural(n, item ?? "item")}`;
      }
      return issue.inclusive === false
        ? `Must be more than ${withUnit(n, unit)}`
        : `Must be at least ${withUnit(n, unit)}`;
    }
    case "too_big": {
      const n = issue.maximum;
      if (issue.origin === "string") return `Use at most ${plural(n, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") {
        const item = key ? ITEMS[key] : undefined;
        return `Choose at most ${plural(n, item ?? "item")}`;
      }
      return issue.inclusive === false
        ? `Must be less than ${withUnit(n, unit)}`
        : `Must be at most ${withUnit(n, unit)}`;
    }
    case "invalid_value":
      return issue.values.length === 1
        ? `Must be ${listOptions(issue.values)}`
        : `Choose one of ${listOptions(issue.values)}`;
    case "not_multiple_of":
      return `Must be a multiple of ${withUnit(issue.divisor, unit)}`;
    case "invalid_format":
      return FORMATS[issue.format] ?? `Enter a valid ${issue.format}`;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? `Unknown property ${issue.keys[0]}`
        : `Unknown properties ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "Does not match any accepted form";
    case "invalid_key":
      return "Has an invalid key";
    case "invalid_element":
      return "Has an invalid entry";
    default:
      return "Check this value";
  }
}

/** `Enter a name` → `enter a name` for `<path>: <message>` lines; `GPU …` and `QUEUE …` keep their case. */
export function apiMessage(message: string): string {
  const first = message.charAt(0);
  const second = message.charAt(1);
  if (first && second && first !== first.toLowerCase() && second === second.toLowerCase()) {
    return first.toLowerCase() + message.slice(1);
  }
  return message;
}

export { sentence } from "./sentence";

z.config({ customError: issueMessage });
