import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exampleInput, models } from "@/lib/models";
import { generateSnippet, languages, operations, type Snippet, type SnippetOptions } from "./index";
import { toJson } from "./literals";
import { makeSnippetDir, REPO_ROOT, runProcess, TRICKY_INPUT } from "./test-support";

// Every snippet must at least parse (bash -n, node --check, py_compile, a strict TypeScript
// type-check) for awkward inputs and for every hosted model's example input.

// Spawning interpreters is slow on a loaded machine; these are not timing tests.
vi.setConfig({ testTimeout: 120_000 });

interface Case {
  name: string;
  /** Model cases beyond the first of each kind skip the slow per-file checks (node --check). */
  extra?: boolean;
  options: SnippetOptions;
  snippet: Snippet;
}

const TRICKY = {
  input: TRICKY_INPUT,
  webhook: "https://hooks.example/it's?a=1&b=$x",
  policy: { executionTimeout: 60_000, lowPriority: true, ttl: 600_000 },
};

function makeCases(): Case[] {
  const cases: Case[] = [];
  const add = (name: string, options: SnippetOptions, extra = false) =>
    cases.push({ name, options, snippet: generateSnippet(options), extra });
  const firstOfKind = new Set(
    ["image", "video", "audio", "text"].map((k) => models.find((m) => m.kind === k)?.slug),
  );
  for (const l of languages) {
    for (const o of operations) {
      const options = { language: l.id, operation: o.id, target: "ep-odd", ...TRICKY };
      add(`${l.id}-${o.id}-tricky-env`, { ...options, baseUrl: "http://127.0.0.1:8000" });
      add(`${l.id}-${o.id}-tricky-literal`, {
        ...options,
        baseUrl: "https://api.runpod.ai/",
        jobId: "sync-79164ff4-d212-44bc-9fe3-389e199a5c15-u1",
      });
    }
    for (const m of models) {
      add(
        `${l.id}-runsync-${m.slug}`,
        {
          language: l.id,
          operation: "runsync",
          baseUrl: "http://127.0.0.1:8000",
          target: m.slug,
          input: exampleInput(m.slug)!,
        },
        !firstOfKind.has(m.slug),
      );
    }
  }
  return cases;
}

const cases = makeCases();
const byKind = (pred: (c: Case) => boolean) => cases.filter(pred);

let dir: string;
let removeDir: () => Promise<void>;
const fileOf = (c: Case) => path.join(dir, c.name, c.snippet.filename);

beforeAll(async () => {
  ({ dir, remove: removeDir } = await makeSnippetDir());
  for (const c of cases) {
    await mkdir(path.dirname(fileOf(c)), { recursive: true });
    await writeFile(fileOf(c), c.snippet.code);
  }
});
afterAll(() => removeDir());

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

describe("curl snippets", () => {
  const curlCases = byKind((c) => c.options.language === "curl");

  it("pass bash -n", async () => {
    const results = await pool(curlCases, 8, (c) =>
      runProcess(["bash", "-n", fileOf(c)], { cwd: dir }),
    );
    results.forEach((r, i) =>
      expect({ file: curlCases[i]!.name, ...r }).toMatchObject({ code: 0, stderr: "" }),
    );
  });

  it("hand curl the URL, the key and a -d body that is exactly the request JSON", async () => {
    // A `curl` shell function shadows the binary and prints the words it was given.
    const shim = 'curl() { printf "%s\\0" "$@"; }; . "$1"';
    const results = await pool(curlCases, 8, (c) =>
      runProcess(["bash", "-c", shim, "bash", fileOf(c)], {
        cwd: dir,
        env: { RUNPOD_API_KEY: "k'ey$1", JOB_ID: "job-42" },
      }),
    );
    results.forEach((r, i) => {
      const c = curlCases[i]!;
      expect(r.stderr).toBe("");
      const words = r.stdout.split("\u0000").slice(0, -1);
      const op = c.options.operation;
      const jobId = c.options.jobId ?? "job-42";
      const origin = c.options.baseUrl.replace(/\/$/, "");
      const url = `${origin}/v2/${c.options.target}/${op}`;
      expect(words).toContain(
        ["status", "stream", "cancel"].includes(op) ? `${url}/${jobId}` : url,
      );
      expect(words).toContain("Authorization: Bearer k'ey$1");
      const d = words.indexOf("-d");
      if (op === "run" || op === "runsync") {
        const expected = toJson({
          input: c.options.input,
          webhook: c.options.webhook,
          policy: c.options.policy,
        });
        // Same text after a parse: same values and same key order.
        expect(JSON.stringify(JSON.parse(words[d + 1]!))).toBe(JSON.stringify(expected));
        expect(words).toContain("Content-Type: application/json");
      } else {
        expect(d).toBe(-1);
      }
      expect(words.includes("-X") && words[words.indexOf("-X") + 1]).toBe(
        op === "status" || op === "stream" ? false : "POST",
      );
    });
  });
});

describe("JavaScript snippets", () => {
  it("pass node --check as ES modules", async () => {
    const jsCases = byKind((c) => c.snippet.filename.endsWith(".mjs") && !c.extra);
    const results = await pool(jsCases, 8, (c) =>
      runProcess(["node", "--check", fileOf(c)], { cwd: dir }),
    );
    results.forEach((r, i) =>
      expect({ file: jsCases[i]!.name, ...r }).toMatchObject({ code: 0, stderr: "" }),
    );
  });
});

describe("TypeScript snippets", () => {
  const tsCases = byKind((c) => c.options.language === "typescript");

  it("transpile without diagnostics", () => {
    for (const c of tsCases) {
      const out = ts.transpileModule(c.snippet.code, {
        reportDiagnostics: true,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      });
      expect({ file: c.name, diagnostics: out.diagnostics ?? [] }).toEqual({
        file: c.name,
        diagnostics: [],
      });
    }
  });

  it("type-check under strict settings with only Node's types", () => {
    const program = ts.createProgram(tsCases.map(fileOf), {
      strict: true,
      noUncheckedIndexedAccess: true,
      noUnusedLocals: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts"],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      moduleDetection: ts.ModuleDetectionKind.Force, // each snippet on its own, as in its own file
      types: ["node"],
      typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
    });
    const messages = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${path.relative(dir, d.file.fileName)}:${d.start}` : "";
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(messages).toEqual([]);
  });
});

describe("Python snippets", () => {
  it("compile with warnings as errors", async () => {
    const pyCases = byKind((c) => c.snippet.filename.endsWith(".py"));
    const r = await runProcess(
      ["python3", "-W", "error", "-m", "py_compile", ...pyCases.map(fileOf)],
      {
        cwd: dir,
        env: { PYTHONDONTWRITEBYTECODE: "1" },
      },
    );
    expect(r).toMatchObject({ code: 0, stderr: "" });
  });
});
