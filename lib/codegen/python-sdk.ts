import { type JobCall, toSnippet } from "./job-call";
import { pythonLiteral, quoteString, type Json } from "./literals";
import { pythonJobIdLine } from "./python-requests";
import type { Snippet } from "./types";

// The runpod package raises requests.HTTPError for 4xx/5xx answers and RuntimeError for 401.
const EXCEPT = [
  "except requests.HTTPError as error:",
  '    sys.exit(f"HTTP {error.response.status_code}: {error.response.text}")',
  "except RuntimeError as error:  # 401: the key in RUNPOD_API_KEY was rejected",
  "    sys.exit(str(error))",
].join("\n");

const JOB = "job = Job(endpoint.endpoint_id, JOB_ID, endpoint.rp_client)";

function attempt(body: string[], after: string[]): string {
  return ["try:", ...body.map((l) => `    ${l}`), EXCEPT, "", ...after].join("\n");
}

function pythonFalsy(value: Json | undefined): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") {
    return true;
  }
  return typeof value === "object" && Object.keys(value).length === 0;
}

function callCode(call: JobCall): string {
  switch (call.operation) {
    case "run":
      return attempt(
        ["job = endpoint.run(request)", "status = job.status()"],
        ['print(json.dumps({"id": job.job_id, "status": status}, indent=2))'],
      );
    case "runsync":
      return attempt(
        [
          "# Waits for the job and returns its output; None when the job did not complete.",
          "output = endpoint.run_sync(request)",
        ],
        [
          "if output is None:",
          '    sys.exit("No output: the job failed, was cancelled or timed out.")',
          "print(json.dumps(output, indent=2))",
        ],
      );
    case "status":
      return attempt(
        [JOB, "status = job.status()", 'output = job.output() if status == "COMPLETED" else None'],
        ['print(json.dumps({"id": job.job_id, "status": status, "output": output}, indent=2))'],
      );
    case "stream":
      return attempt(
        [
          JOB,
          "# Polls /stream every second and yields each chunk's output until the job ends.",
          "for output in job.stream():",
          "    print(json.dumps(output), flush=True)",
        ],
        [],
      ).trimEnd();
    case "cancel":
      return attempt([JOB, "result = job.cancel()"], ["print(json.dumps(result, indent=2))"]);
  }
}

export function pythonSdkSnippet(call: JobCall): Snippet {
  const imports = [
    "import json",
    "import os",
    "import sys",
    "",
    "import requests",
    "import runpod",
  ];
  if (call.jobId) imports.push("from runpod.endpoint import Job");
  const setup = [
    `runpod.api_key = os.environ["RUNPOD_API_KEY"]`,
    `runpod.endpoint_url_base = ${quoteString(call.apiBase)}`,
  ];

  const sections = [["# pip install runpod", ...imports].join("\n"), setup.join("\n")];
  const endpoint = [`endpoint = runpod.Endpoint(${quoteString(call.target)})`];
  const jobIdLine = pythonJobIdLine(call);
  if (jobIdLine) endpoint.push(jobIdLine);
  sections.push(endpoint.join("\n"));
  if (call.body) {
    // Endpoint.run/run_sync wrap a request whose "input" is falsy in another {"input": ...}.
    const note = pythonFalsy(call.body.input)
      ? "# Note: the SDK wraps a falsy input once more, sending {'input': {'input': ...}}.\n"
      : "";
    sections.push(`${note}request = ${pythonLiteral(call.body)}`);
  }
  sections.push(callCode(call));

  const filename = `${call.operation}_job_sdk.py`;
  return toSnippet(call, sections, {
    shikiLang: "python",
    filename,
    kind: "python",
    argv: ["python3", filename],
    requires: ["runpod"],
    install: "pip install runpod",
  });
}
