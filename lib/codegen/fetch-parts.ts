import { JOB_ID_ENV, type JobCall } from "./job-call";
import { quoteString } from "./literals";

// Pieces shared by the JavaScript (fetch) and TypeScript snippets.

export const JS_TERMINAL = '["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"]';

export const MISSING_KEY = 'throw new Error("Set the RUNPOD_API_KEY environment variable");';
export const MISSING_JOB_ID = `throw new Error("Set ${JOB_ID_ENV} to the id returned by /run");`;

/** `const jobId = ...` (plus a check when read from the environment), or nothing. */
export function jobIdLines(call: JobCall): string[] {
  if (!call.jobId) return [];
  if (call.jobId.kind === "literal") return [`const jobId = ${quoteString(call.jobId.value)};`];
  return [
    `const jobId = process.env.${JOB_ID_ENV}; // the id returned by /run`,
    `if (!jobId) ${MISSING_JOB_ID}`,
  ];
}

/** `fetch(url, init)` call text (without `await`), with `body` as the request body expression. */
export function fetchCall(call: JobCall, body: string | null): string {
  const path = call.jobId ? `${call.operation}/\${jobId}` : call.operation;
  const init: string[] = [];
  if (call.method === "POST") init.push('method: "POST",');
  init.push("headers: {", "  Authorization: `Bearer ${apiKey}`,");
  if (body) init.push('  "Content-Type": "application/json",');
  init.push("},");
  if (body) init.push(`body: ${body},`);
  return `fetch(\`\${ENDPOINT_URL}/${path}\`, {\n${init.map((l) => `  ${l}\n`).join("")}})`;
}

/** Indents every non-empty line of `text` by `by`. */
export function indent(text: string, by: string): string {
  return text.replace(/^(?=.)/gm, by);
}

/** Prints a `/runsync` answer: the output when COMPLETED, the job while it still runs, else `failed`. */
export function runsyncHandling(readJob: string, failed: string): string {
  return [
    readJob,
    'if (job.status === "COMPLETED") {',
    "  console.log(JSON.stringify(job.output, null, 2));",
    '} else if (job.status === "IN_QUEUE" || job.status === "IN_PROGRESS") {',
    "  // Not finished within the wait: read the result later from /status/<id>.",
    "  console.log(JSON.stringify(job, null, 2));",
    "} else {",
    failed,
    "}",
  ].join("\n");
}
