import type { JobPolicy } from "@/lib/schemas/jobs";

/** Languages of the code drawer, in tab order. `id` is what `generateSnippet` takes. */
export const languages = [
  {
    id: "curl",
    label: "cURL",
    shikiLang: "bash",
    description: "curl 7.76+ (for --fail-with-body) in a shell",
  },
  {
    id: "python-requests",
    label: "Python",
    shikiLang: "python",
    description: "Python with requests",
  },
  {
    id: "javascript-fetch",
    label: "JavaScript",
    shikiLang: "javascript",
    description: "Node.js 18+ with the built-in fetch",
  },
  {
    id: "typescript",
    label: "TypeScript",
    shikiLang: "typescript",
    description: "Typed fetch for Node.js 18+, run with tsx",
  },
  {
    id: "python-sdk",
    label: "Python SDK",
    shikiLang: "python",
    description: "The official runpod Python package",
  },
  {
    id: "javascript-sdk",
    label: "JavaScript SDK",
    shikiLang: "javascript",
    description: "The official runpod-sdk npm package",
  },
] as const;

export type SnippetLanguage = (typeof languages)[number]["id"];
export type ShikiLang = (typeof languages)[number]["shikiLang"];

/** Job operations of the drawer's operation selector, in order. */
export const operations = [
  {
    id: "run",
    label: "/run",
    method: "POST",
    needsJobId: false,
    description: "Queue a job and return its id at once",
  },
  {
    id: "runsync",
    label: "/runsync",
    method: "POST",
    needsJobId: false,
    description: "Run a job and wait for its result",
  },
  {
    id: "status",
    label: "/status",
    method: "GET",
    needsJobId: true,
    description: "Read a job's state and result",
  },
  {
    id: "stream",
    label: "/stream",
    method: "GET",
    needsJobId: true,
    description: "Read a job's output as it is produced",
  },
  {
    id: "cancel",
    label: "/cancel",
    method: "POST",
    needsJobId: true,
    description: "Stop a running job or drop a queued one",
  },
] as const;

export type JobOperation = (typeof operations)[number]["id"];

export interface SnippetOptions {
  language: SnippetLanguage;
  operation: JobOperation;
  /** Job API origin, e.g. `http://127.0.0.1:8000` or `https://api.runpod.ai` (no `/v2`). */
  baseUrl: string;
  /** Endpoint id or hosted-model slug. */
  target: string;
  /** The complete `input` (defaults included); used by `run` and `runsync`. */
  input?: Record<string, unknown>;
  webhook?: string;
  policy?: JobPolicy;
  /** For `status`, `stream`, `cancel`; without it the snippet reads the `JOB_ID` env variable. */
  jobId?: string;
}

/** How to execute a snippet saved as `filename` (the drawer shows `command`; tests use `argv`). */
export interface SnippetRun {
  kind: "shell" | "node" | "python";
  command: string;
  argv: string[];
  /** Environment variables the snippet reads. */
  env: string[];
  /** Python modules or npm packages that must be importable (beyond the standard library). */
  requires: string[];
  /** How to get `requires`, e.g. `pip install requests`. */
  install?: string;
}

export interface Snippet {
  code: string;
  shikiLang: ShikiLang;
  filename: string;
  run: SnippetRun;
}
