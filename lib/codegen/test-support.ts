// Test helpers for snippet tests (not imported by the app): run a snippet as a user would, in a
// temporary folder, and a tiny stand-in of the job API that records what snippets send.
import { spawn } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Snippet } from "./types";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Only what finds interpreters and their packages: never the caller's RUNPOD_API_KEY or JOB_ID.
const INHERITED = ["PATH", "HOME", "PYTHONPATH", "VIRTUAL_ENV", "LANG", "LC_ALL"];
function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** Runs argv[0] with arguments, without a shell; never rejects on a non-zero exit. */
export function runProcess(
  argv: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<ProcessResult> {
  const [command, ...args] = argv;
  if (!command) throw new Error("empty argv");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...inheritedEnv(), ...options.env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 20_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A temporary folder whose `node_modules` is the repo's, so `runpod-sdk` and `tsx` resolve. */
export async function makeSnippetDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "hangar-codegen-"));
  await symlink(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes the snippet to `dir/<filename>` and runs its `run.argv` there. */
export async function runSnippet(
  snippet: Snippet,
  dir: string,
  env: Record<string, string>,
): Promise<ProcessResult> {
  await writeFile(path.join(dir, snippet.filename), snippet.code);
  let argv = snippet.run.argv;
  // `npx <bin>`: call the local binary directly, so a test never reaches the npm registry.
  if (argv[0] === "npx" && argv[1]) {
    argv = [path.join(REPO_ROOT, "node_modules", ".bin", argv[1]), ...argv.slice(2)];
  }
  return runProcess(argv, {
    cwd: dir,
    env: { PYTHONDONTWRITEBYTECODE: "1", NO_COLOR: "1", ...env },
  });
}

export const MOCK_API_KEY = "test-key-123";

export interface RecordedRequest {
  method: string;
  target: string;
  operation: string;
  jobId?: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface MockJobApi {
  /** Origin to pass as `baseUrl`. */
  origin: string;
  /** Requests whose target (endpoint id) is `target`; each test uses its own target. */
  requestsFor(target: string): RecordedRequest[];
  close(): Promise<void>;
}

/** Stream chunks the mock delivers over successive `/stream` calls. */
export const MOCK_STREAM_OUTPUTS = ["a", { n: 1 }, "b"];

const JOB_PATH = /^\/v2\/([^/]+)\/(run|runsync|status|status-sync|stream|cancel)(?:\/([^/]+))?$/;

/**
 * Answers like the job API: targets starting with `missing` give 404, `failing` makes runsync
 * end FAILED; a key other than MOCK_API_KEY gives 401. `/runsync` echoes the input as output.
 */
export async function startMockJobApi(): Promise<MockJobApi> {
  const log: RecordedRequest[] = [];
  const streamCalls = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (body += d));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://mock");
      const m = JOB_PATH.exec(url.pathname);
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (!m) return send(404, { error: `no route ${url.pathname}` });
      const [, target = "", operation = "", jobId] = m;
      log.push({
        method: req.method ?? "",
        target: decodeURIComponent(target),
        operation,
        jobId: jobId === undefined ? undefined : decodeURIComponent(jobId),
        query: url.search,
        headers: req.headers,
        body,
      });
      if (req.headers.authorization !== `Bearer ${MOCK_API_KEY}`) {
        return send(401, { error: "invalid api key" });
      }
      if (target.startsWith("missing")) return send(404, { error: "endpoint not found" });
      switch (operation) {
        case "run":
          return send(200, { id: "job-1-u1", status: "IN_QUEUE" });
        case "runsync": {
          if (target.startsWith("failing")) {
            return send(200, { id: "sync-1", status: "FAILED", error: "boom" });
          }
          const input = (JSON.parse(body) as { input: unknown }).input;
          return send(200, { id: "sync-1", status: "COMPLETED", output: { echo: input } });
        }
        case "status":
        case "status-sync":
          return send(200, { id: jobId, status: "COMPLETED", output: { jobId } });
        case "stream": {
          const key = `${target}/${jobId}`;
          const n = streamCalls.get(key) ?? 0;
          streamCalls.set(key, n + 1);
          const [a, b, c] = MOCK_STREAM_OUTPUTS;
          const replies = [
            { status: "IN_PROGRESS", stream: [{ output: a }, { output: b }] },
            { status: "COMPLETED", stream: [{ output: c }] },
          ];
          return send(200, { id: jobId, ...(replies[n] ?? { status: "COMPLETED", stream: [] }) });
        }
        default:
          return send(200, { id: jobId, status: "CANCELLED" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requestsFor: (target) => log.filter((r) => r.target === target),
    close: () =>
      new Promise((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * An input that breaks naive quoting in every target language: quotes, apostrophes, backslashes,
 * newlines, shell and template syntax, unicode (astral, combining, bidi, line separators),
 * Python keywords as values, an own `__proto__` key, numbers at the edges.
 */
export const TRICKY_INPUT: Record<string, unknown> = {
  ...(JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>),
  prompt: `It's a "quoted" line\nand a second line\twith tab, backslash \\ and \\n literally`,
  negative_prompt: "$HOME `id` $(whoami) ${x} %s {braces} {{double}} '\\'' !event #hash",
  unicode: "日本語 🚀 é (e\u0301) \u2028 \u2029 \u202e bidi \ufeff bom \u0000 nul \u007f",
  "key with space": "v",
  "quote'key\"": "k",
  True: "False",
  None: null,
  empty_string: "",
  width: 1024,
  guidance: 7.5,
  seed: -1,
  tiny: 5e-324,
  huge: 1e21,
  enabled: true,
  disabled: false,
  list: [1, "two", { three: [3] }, [], {}],
};
