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

const HTTP_ERROR = [
  "if (!response.ok) {",
  "  console.error(`HTTP ${response.status}: ${await response.text()}`);",
  "  process.exit(1);",
  "}",
].join("\n");

const JOB_FAILED = [
  "  console.error(`Job ${job.status}: ${JSON.stringify(job)}`);",
  "  process.exit(1);",
].join("\n");

function handling(call: JobCall): string {
  switch (call.operation) {
    case "runsync":
      return runsyncHandling("const job = await response.json();", JOB_FAILED);
    default:
      // run: {"id", "status"}; status: the whole job; cancel: {"id", "status": "CANCELLED"}
      return "console.log(JSON.stringify(await response.json(), null, 2));";
  }
}

function streamLoop(call: JobCall): string {
  return [
    `const TERMINAL = ${JS_TERMINAL};`,
    "",
    "// Each call returns the chunks produced since the previous one.",
    "let job;",
    "for (;;) {",
    indent(`const response = await ${fetchCall(call, null)};`, "  "),
    indent(HTTP_ERROR, "  "),
    "  job = await response.json();",
    "  const chunks = job.stream ?? [];",
    "  for (const chunk of chunks) console.log(JSON.stringify(chunk.output));",
    "  if (TERMINAL.includes(job.status) && chunks.length === 0) break;",
    "  if (chunks.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));",
    "}",
    'if (job.status !== "COMPLETED") {',
    JOB_FAILED,
    "}",
  ].join("\n");
}

export function javascriptFetchSnippet(call: JobCall): Snippet {
  const filename = `${fileStem(call)}.mjs`;
  const setup = [
    "const apiKey = process.env.RUNPOD_API_KEY;",
    `if (!apiKey) ${MISSING_KEY}`,
    `const ENDPOINT_URL = ${quoteString(call.endpointUrl)};`,
    ...jobIdLines(call),
  ];
  const sections = [`// Node.js 18+ (built-in fetch): node ${filename}`, setup.join("\n")];
  if (call.operation === "stream") {
    sections.push(streamLoop(call));
  } else {
    const body = call.body ? `JSON.stringify(${jsLiteral(call.body, "  ")})` : null;
    sections.push(`const response = await ${fetchCall(call, body)};\n${HTTP_ERROR}`);
    sections.push(handling(call));
  }
  return toSnippet(call, sections, {
    shikiLang: "javascript",
    filename,
    kind: "node",
    argv: ["node", filename],
    requires: [],
  });
}
