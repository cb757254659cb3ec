import { indent, jobIdLines, MISSING_KEY } from "./fetch-parts";
import { fileStem, type JobCall, toSnippet } from "./job-call";
import { jsLiteral, quoteString } from "./literals";
import type { Snippet } from "./types";

// runpod-sdk 1.1.2 (xior) throws on 4xx/5xx answers; error.response holds status and parsed body.
const CATCH = `} catch (error) {
  const { response } = error;
  console.error(response ? \`HTTP \${response.status}: \${JSON.stringify(response.data)}\` : error);
  process.exit(1);
}`;

function callLines(call: JobCall): string[] {
  switch (call.operation) {
    case "run":
      return [
        "const job = await endpoint.run(request);",
        'console.log(JSON.stringify(job, null, 2)); // {"id", "status"}',
      ];
    case "runsync":
      return [
        "// Submits to /runsync, then polls /status-sync until the job ends (90 s by default).",
        "const job = await endpoint.runSync(request);",
        'if (job.status === "COMPLETED") {',
        "  console.log(JSON.stringify(job.output, null, 2));",
        "} else if (!job.completed) {",
        "  // Still queued or running: read the result later with endpoint.status(job.id).",
        "  console.log(JSON.stringify(job, null, 2));",
        "} else {",
        "  console.error(`Job ${job.status}: ${JSON.stringify(job)}`);",
        "  process.exit(1);",
        "}",
      ];
    case "status":
      return [
        "const job = await endpoint.status(jobId);",
        "console.log(JSON.stringify(job, null, 2));",
      ];
    case "stream":
      return [
        "// Polls /stream until the job ends; each chunk is { output }.",
        "for await (const chunk of endpoint.stream(jobId)) {",
        "  console.log(JSON.stringify(chunk.output));",
        "}",
      ];
    case "cancel":
      return [
        "const result = await endpoint.cancel(jobId);",
        "console.log(JSON.stringify(result, null, 2));",
      ];
  }
}

export function javascriptSdkSnippet(call: JobCall): Snippet {
  const filename = `${fileStem(call)}-sdk.mjs`;
  const setup = [`if (!process.env.RUNPOD_API_KEY) ${MISSING_KEY}`, ...jobIdLines(call)];
  const client = [
    "const runpod = runpodSdk(process.env.RUNPOD_API_KEY, {",
    `  baseUrl: ${quoteString(call.apiBase)},`,
    "});",
    `const endpoint = runpod.endpoint(${quoteString(call.target)});`,
  ];
  const sections = [
    '// npm install runpod-sdk\nimport runpodSdk from "runpod-sdk";',
    setup.join("\n"),
    client.join("\n"),
  ];
  if (call.body) sections.push(`const request = ${jsLiteral(call.body)};`);
  sections.push(`try {\n${indent(callLines(call).join("\n"), "  ")}\n${CATCH}`);
  return toSnippet(call, sections, {
    shikiLang: "javascript",
    filename,
    kind: "node",
    argv: ["node", filename],
    requires: ["runpod-sdk"],
    install: "npm install runpod-sdk",
  });
}
