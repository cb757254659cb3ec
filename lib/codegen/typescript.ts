import {
  fetchCall,
  indent,
  jobIdLines,
  JS_TERMINAL,
  MISSING_KEY,
  runsyncHandling,
} from "./fetch-parts";
import { fileStem, type JobCall, toSnippet } from "./job-call";
import { jsLiteral, quoteString } from "./literals";
import type { Snippet } from "./types";

const TYPES = `type JobStatus = "IN_QUEUE" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | "CANCELLED" | "TIMED_OUT";

interface Job {
  id: string;
  status: JobStatus;
  output?: unknown;
  error?: unknown;
  delayTime?: number;
  executionTime?: number;
}`;

const REQUEST_TYPE = `interface JobRequest {
  input: Record<string, unknown>;
  webhook?: string;
  policy?: { executionTimeout?: number; lowPriority?: boolean; ttl?: number };
}`;

const STREAM_TYPE = `interface StreamResult extends Job {
  stream?: { output: unknown }[];
}`;

const HTTP_ERROR =
  "if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);";
const JOB_FAILED = "throw new Error(`Job ${job.status}: ${JSON.stringify(job)}`);";

const MAIN_CALL = `main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});`;

function mainBody(call: JobCall): string[] {
  const setup = ["const apiKey = process.env.RUNPOD_API_KEY;", `if (!apiKey) ${MISSING_KEY}`];
  const blocks = [[...setup, ...jobIdLines(call)].join("\n")];
  if (call.body) blocks.push(`const request: JobRequest = ${jsLiteral(call.body)};`);

  if (call.operation === "stream") {
    blocks.push(
      [
        `const TERMINAL: JobStatus[] = ${JS_TERMINAL};`,
        "// Each call returns the chunks produced since the previous one.",
        "for (;;) {",
        indent(`const response = await ${fetchCall(call, null)};`, "  "),
        `  ${HTTP_ERROR}`,
        "  const job = (await response.json()) as StreamResult;",
        "  const chunks = job.stream ?? [];",
        "  for (const chunk of chunks) console.log(JSON.stringify(chunk.output));",
        "  if (TERMINAL.includes(job.status) && chunks.length === 0) {",
        `    if (job.status !== "COMPLETED") ${JOB_FAILED}`,
        "    return;",
        "  }",
        "  if (chunks.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));",
        "}",
      ].join("\n"),
    );
    return blocks;
  }

  const body = call.body ? "JSON.stringify(request)" : null;
  blocks.push(`const response = await ${fetchCall(call, body)};\n${HTTP_ERROR}`);
  if (call.operation === "runsync") {
    blocks.push(runsyncHandling("const job = (await response.json()) as Job;", `  ${JOB_FAILED}`));
  } else {
    // run: {"id", "status"}; status: the whole job; cancel: {"id", "status": "CANCELLED"}
    blocks.push(
      "const job = (await response.json()) as Job;\nconsole.log(JSON.stringify(job, null, 2));",
    );
  }
  return blocks;
}

export function typescriptSnippet(call: JobCall): Snippet {
  const filename = `${fileStem(call)}.ts`;
  const types = [TYPES];
  if (call.body) types.push(REQUEST_TYPE);
  if (call.operation === "stream") types.push(STREAM_TYPE);
  const main = `async function main(): Promise<void> {\n${indent(mainBody(call).join("\n\n"), "  ")}\n}`;
  const sections = [
    `// Node.js 18+ (built-in fetch): npx tsx ${filename}`,
    types.join("\n\n"),
    `const ENDPOINT_URL = ${quoteString(call.endpointUrl)};`,
    main,
    MAIN_CALL,
  ];
  return toSnippet(call, sections, {
    shikiLang: "typescript",
    filename,
    kind: "node",
    argv: ["npx", "tsx", filename],
    requires: ["tsx"],
    install: "npm install --save-dev tsx",
  });
}
