import { fileStem, JOB_ID_ENV, toSnippet, type JobCall } from "./job-call";
import { jsonText, shellQuote, shellWord } from "./literals";
import type { Snippet } from "./types";

// -sS: no progress bar but real errors; --fail-with-body: exit 22 on a 4xx/5xx answer while
// still printing the body (curl prints "The requested URL returned error: <status>").
const CURL = "curl -sS --fail-with-body";

const STREAM_NOTE =
  "# Each call returns the chunks produced since the previous one; call again until\n" +
  '# "status" is COMPLETED, FAILED, CANCELLED or TIMED_OUT and "stream" is empty.\n';

export function curlSnippet(call: JobCall): Snippet {
  const lines: string[] = [];
  let url: string;
  if (call.jobId) {
    const path = `${call.endpointUrl}/${call.operation}/`;
    if (call.jobId.kind === "literal") {
      url = shellWord(path + call.jobId.value);
    } else {
      lines.push(`${JOB_ID_ENV}="\${${JOB_ID_ENV}:?set ${JOB_ID_ENV} to the id returned by /run}"`);
      url = shellWord(path, JOB_ID_ENV);
    }
  } else {
    url = shellWord(`${call.endpointUrl}/${call.operation}`);
  }

  const method = call.method === "POST" ? " -X POST" : "";
  const args = [`${CURL}${method} ${url}`, `-H "Authorization: Bearer $RUNPOD_API_KEY"`];
  if (call.body) {
    args.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(jsonText(call.body, 2))}`);
  }

  const intro = call.operation === "stream" ? STREAM_NOTE : "";
  const code = `${intro}${lines.map((l) => `${l}\n`).join("")}${args.join(" \\\n  ")}\n`;
  const filename = `${fileStem(call)}.sh`;
  return toSnippet(call, code, {
    shikiLang: "bash",
    filename,
    kind: "shell",
    argv: ["bash", filename],
    requires: ["curl"],
  });
}
