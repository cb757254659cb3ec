import { JOB_ID_ENV, TERMINAL_STATUSES, type JobCall, toSnippet } from "./job-call";
import { pythonLiteral, quoteString } from "./literals";
import type { Snippet } from "./types";

const HTTP_ERROR = `    sys.exit(f"HTTP {response.status_code}: {response.text}")`;

/** `JOB_ID = ...` for calls that need one (shared with the SDK snippet). */
export function pythonJobIdLine(call: JobCall): string | null {
  if (!call.jobId) return null;
  return call.jobId.kind === "literal"
    ? `JOB_ID = ${quoteString(call.jobId.value)}`
    : `JOB_ID = os.environ[${quoteString(JOB_ID_ENV)}]  # the id returned by /run`;
}

function requestLines(call: JobCall, timeout: number): string {
  const path = call.jobId ? `${call.operation}/{JOB_ID}` : call.operation;
  const args = [`f"{ENDPOINT_URL}/${path}"`, "headers=HEADERS"];
  if (call.body) args.push("json=payload");
  args.push(`timeout=${timeout}`);
  const fn = call.method === "POST" ? "post" : "get";
  return `response = requests.${fn}(\n${args.map((a) => `    ${a},\n`).join("")})`;
}

function pyStatuses(statuses: readonly string[]): string {
  return statuses.map((s) => quoteString(s)).join(", ");
}

function handling(call: JobCall): string {
  switch (call.operation) {
    case "runsync":
      return [
        "job = response.json()",
        'if job["status"] == "COMPLETED":',
        '    print(json.dumps(job["output"], indent=2))',
        'elif job["status"] in ("IN_QUEUE", "IN_PROGRESS"):',
        "    # Not finished within the wait: read the result later from /status/<id>.",
        "    print(json.dumps(job, indent=2))",
        "else:",
        `    sys.exit(f"Job {job['status']}: {json.dumps(job)}")`,
      ].join("\n");
    case "stream":
      return [
        `TERMINAL = {${pyStatuses(TERMINAL_STATUSES)}}`,
        "",
        "# Each call returns the chunks produced since the previous one.",
        "while True:",
        requestLines(call, 120).replace(/^/gm, "    "),
        "    if not response.ok:",
        `    ${HTTP_ERROR}`,
        "    job = response.json()",
        '    chunks = job.get("stream", [])',
        "    for chunk in chunks:",
        '        print(json.dumps(chunk.get("output")), flush=True)',
        '    if job["status"] in TERMINAL and not chunks:',
        "        break",
        "    if not chunks:",
        "        time.sleep(1)",
        "",
        'if job["status"] != "COMPLETED":',
        `    sys.exit(f"Job {job['status']}: {json.dumps(job)}")`,
      ].join("\n");
    default:
      // run: {"id", "status"}; status: the whole job; cancel: {"id", "status": "CANCELLED"}
      return "print(json.dumps(response.json(), indent=2))";
  }
}

export function pythonRequestsSnippet(call: JobCall): Snippet {
  const imports = ["import json", "import os", "import sys"];
  if (call.operation === "stream") imports.push("import time");
  const config = [
    `API_KEY = os.environ["RUNPOD_API_KEY"]`,
    `ENDPOINT_URL = ${quoteString(call.endpointUrl)}`,
    pythonJobIdLine(call),
    `HEADERS = {"Authorization": f"Bearer {API_KEY}"}`,
  ].filter((l): l is string => l !== null);

  const sections = [
    ["# pip install requests", ...imports, "", "import requests"].join("\n"),
    config.join("\n"),
  ];
  if (call.body) sections.push(`payload = ${pythonLiteral(call.body)}`);
  if (call.operation === "stream") {
    sections.push(handling(call));
  } else {
    const timeout = call.operation === "runsync" ? 120 : 30;
    sections.push(`${requestLines(call, timeout)}\nif not response.ok:\n${HTTP_ERROR}`);
    sections.push(handling(call));
  }

  const filename = `${call.operation}_job.py`;
  return toSnippet(call, sections, {
    shikiLang: "python",
    filename,
    kind: "python",
    argv: ["python3", filename],
    requires: ["requests"],
    install: "pip install requests",
  });
}
