import { encodeSegment, toJson, type Json } from "./literals";
import {
  operations,
  type JobOperation,
  type ShikiLang,
  type Snippet,
  type SnippetOptions,
  type SnippetRun,
} from "./types";

/** Environment variables every snippet reads. */
export const API_KEY_ENV = "RUNPOD_API_KEY";
export const JOB_ID_ENV = "JOB_ID";

/** Statuses after which a job never changes (platform-notes §1.3). */
export const TERMINAL_STATUSES = ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] as const;

/** One job-API call, language-neutral: what every generator renders. */
export interface JobCall {
  operation: JobOperation;
  method: "GET" | "POST";
  /** `<origin>/v2` — the base the SDKs take. */
  apiBase: string;
  /** The target as a URL path segment (encoded; identical for ordinary ids and slugs). */
  target: string;
  /** `<origin>/v2/<target>`. */
  endpointUrl: string;
  /** A literal job id (encoded as a path segment), `env` to read `$JOB_ID`, null when unused. */
  jobId: { kind: "literal"; value: string } | { kind: "env" } | null;
  /** `{ input, webhook?, policy? }` for run/runsync, else null. */
  body: { [key: string]: Json } | null;
}

/** Origin without trailing slashes; a `/v2` suffix is dropped because paths add it. */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, "").replace(/\/v2$/, "");
}

function buildBody(options: SnippetOptions): { [key: string]: Json } {
  const body: { [key: string]: Json } = { input: toJson(options.input ?? {}) };
  if (options.webhook) body.webhook = options.webhook;
  if (options.policy) {
    const policy = toJson(options.policy);
    if (policy !== null && typeof policy === "object" && Object.keys(policy).length > 0) {
      body.policy = policy;
    }
  }
  return body;
}

export function toJobCall(options: SnippetOptions): JobCall {
  const op = operations.find((o) => o.id === options.operation);
  if (!op) throw new RangeError(`unknown operation: ${String(options.operation)}`);
  if (!options.target) throw new RangeError("target (endpoint id or model slug) is required");
  const apiBase = `${normalizeBaseUrl(options.baseUrl)}/v2`;
  const target = encodeSegment(options.target);
  let jobId: JobCall["jobId"] = null;
  if (op.needsJobId) {
    jobId = options.jobId
      ? { kind: "literal", value: encodeSegment(options.jobId) }
      : { kind: "env" };
  }
  return {
    operation: op.id,
    method: op.method,
    apiBase,
    target,
    endpointUrl: `${apiBase}/${target}`,
    jobId,
    body: op.needsJobId ? null : buildBody(options),
  };
}

/** Environment variables a snippet for this call needs. */
export function envFor(call: JobCall): string[] {
  return call.jobId?.kind === "env" ? [API_KEY_ENV, JOB_ID_ENV] : [API_KEY_ENV];
}

/** Base file name, e.g. `runsync-job`; SDK snippets add `-sdk`. */
export function fileStem(call: JobCall): string {
  return `${call.operation}-job`;
}

/** How a generator's program is saved and run; `command` and `env` follow from `argv` and the call. */
export interface SnippetFile extends Omit<SnippetRun, "command" | "env"> {
  shikiLang: ShikiLang;
  filename: string;
}

/** A snippet from its code, or from sections separated by blank lines. */
export function toSnippet(
  call: JobCall,
  code: string | readonly string[],
  { shikiLang, filename, ...run }: SnippetFile,
): Snippet {
  return {
    code: typeof code === "string" ? code : `${code.join("\n\n")}\n`,
    shikiLang,
    filename,
    run: { ...run, command: run.argv.join(" "), env: envFor(call) },
  };
}
