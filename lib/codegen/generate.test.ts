import { describe, expect, it } from "vitest";
import { exampleInput } from "@/lib/models";
import { generateSnippet, languages, operations, type SnippetOptions } from "./index";
import { normalizeBaseUrl } from "./job-call";

const SLUG = "black-forest-labs-flux-1-dev";
const input = exampleInput(SLUG)!;
const base = { baseUrl: "http://127.0.0.1:8000", target: SLUG, input } as const;
const all = languages.flatMap((l) => operations.map((o) => ({ language: l.id, operation: o.id })));

const gen = (o: Partial<SnippetOptions> & Pick<SnippetOptions, "language" | "operation">) =>
  generateSnippet({ ...base, ...o });

describe("metadata", () => {
  it("lists every language and operation once, with labels", () => {
    expect(languages.map((l) => l.id)).toEqual([
      "curl",
      "python-requests",
      "javascript-fetch",
      "typescript",
      "python-sdk",
      "javascript-sdk",
    ]);
    expect(operations.map((o) => o.label)).toEqual([
      "/run",
      "/runsync",
      "/status",
      "/stream",
      "/cancel",
    ]);
    for (const l of languages) expect(l.label).not.toBe("");
  });
});

describe("generateSnippet – every language and operation", () => {
  it.each(all)("$language $operation: URL, key from RUNPOD_API_KEY, file and run metadata", (o) => {
    const s = gen({ ...o, jobId: undefined });
    const lang = languages.find((l) => l.id === o.language)!;
    const op = operations.find((x) => x.id === o.operation)!;
    const sdk = o.language.endsWith("-sdk");
    // SDK snippets get the /v2 base and the endpoint id; the rest the whole URL.
    if (sdk) {
      expect(s.code).toContain('"http://127.0.0.1:8000/v2"');
      expect(s.code).toContain(`"${SLUG}"`);
    } else {
      expect(s.code).toContain(`http://127.0.0.1:8000/v2/${SLUG}`);
      expect(s.code).toMatch(new RegExp(`/${o.operation}\\b`));
    }
    expect(s.code).toMatch(
      /\$RUNPOD_API_KEY|os\.environ\["RUNPOD_API_KEY"\]|process\.env\.RUNPOD_API_KEY/,
    );
    expect(s.shikiLang).toBe(lang.shikiLang);
    expect(s.filename).toMatch(
      { shell: /\.sh$/, python: /\.py$/, node: /\.(mjs|ts)$/ }[s.run.kind],
    );
    expect(s.filename).not.toMatch(/^runpod\.py$/); // would shadow the SDK module
    expect(s.run.argv.at(-1)).toBe(s.filename);
    expect(s.run.command).toBe(s.run.argv.join(" "));
    expect(s.run.env).toEqual(op.needsJobId ? ["RUNPOD_API_KEY", "JOB_ID"] : ["RUNPOD_API_KEY"]);
    if (op.needsJobId) expect(s.code).toMatch(/JOB_ID/);
    else expect(s.code).toContain(String(input.prompt)); // the example prompt
  });

  it.each(all)("$language $operation: never contains a key-looking literal", (o) => {
    const s = gen({ ...o });
    expect(s.code).not.toMatch(/Bearer [A-Za-z0-9_-]{8,}/);
    expect(s.code).not.toMatch(/api_key\s*=\s*"/);
  });

  it("is pure: the same options give the same text", () => {
    for (const o of all) expect(gen(o)).toEqual(gen(o));
  });
});

describe("job ids", () => {
  it.each(languages.map((l) => l.id))(
    "%s uses a given jobId literally and needs no JOB_ID",
    (language) => {
      for (const operation of ["status", "stream", "cancel"] as const) {
        const s = gen({ language, operation, jobId: "60902e6c-08a1-426e-9cb9-9eaec90f5e2b-u1" });
        expect(s.code).toContain("60902e6c-08a1-426e-9cb9-9eaec90f5e2b-u1");
        expect(s.code).not.toContain("JOB_ID:?");
        expect(s.code).not.toMatch(/environ\["JOB_ID"\]|process\.env\.JOB_ID/);
        expect(s.run.env).toEqual(["RUNPOD_API_KEY"]);
      }
    },
  );

  it("path-encodes odd targets and job ids", () => {
    const s = gen({ language: "curl", operation: "status", target: "my ep", jobId: "a/b'c" });
    expect(s.code).toContain("/v2/my%20ep/status/a%2Fb%27c");
  });

  it("ignores input, webhook and policy for status, stream and cancel", () => {
    for (const language of languages.map((l) => l.id)) {
      const s = gen({
        language,
        operation: "cancel",
        webhook: "https://h.example/x",
        policy: { ttl: 60_000 },
      });
      expect(s.code).not.toContain("h.example");
      expect(s.code).not.toContain(String(input.prompt));
      expect(s.code).not.toMatch(/ttl/);
    }
  });
});

describe("request body", () => {
  it.each(languages.map((l) => l.id))("%s adds webhook and policy only when set", (language) => {
    // A body field, not the TypeScript snippet's JobRequest type.
    const inBody = /webhook"?: "|policy"?: \{/;
    const plain = gen({ language, operation: "run" });
    expect(plain.code).not.toMatch(inBody);
    const emptyPolicy = gen({ language, operation: "run", webhook: "", policy: {} });
    expect(emptyPolicy.code).not.toMatch(inBody);
    const full = gen({
      language,
      operation: "run",
      webhook: "https://hooks.example/done",
      policy: { executionTimeout: 120_000, lowPriority: true, ttl: 3_600_000 },
    });
    expect(full.code).toContain('"https://hooks.example/done"');
    expect(full.code).toMatch(/executionTimeout"?: 120000/);
    expect(full.code).toMatch(/ttl"?: 3600000/);
    expect(full.code).toMatch(
      language.startsWith("python") ? /"lowPriority": True/ : /lowPriority"?: true/,
    );
  });

  it("contains every default of the model input", () => {
    const s = gen({ language: "javascript-fetch", operation: "runsync" });
    for (const [k, v] of Object.entries(input)) {
      expect(s.code).toContain(`${k}: ${JSON.stringify(v)}`);
    }
  });

  it("flags the SDK's re-wrapping of an empty input", () => {
    expect(gen({ language: "python-sdk", operation: "run", input: {} }).code).toContain("wraps");
    expect(gen({ language: "python-sdk", operation: "run" }).code).not.toContain("wraps");
  });
});

describe("baseUrl", () => {
  it("drops trailing slashes and a /v2 suffix", () => {
    expect(normalizeBaseUrl("https://api.runpod.ai/")).toBe("https://api.runpod.ai");
    expect(normalizeBaseUrl(" https://api.runpod.ai/v2/ ")).toBe("https://api.runpod.ai");
    const s = gen({ language: "python-sdk", operation: "run", baseUrl: "https://api.runpod.ai/" });
    expect(s.code).toContain('runpod.endpoint_url_base = "https://api.runpod.ai/v2"');
  });
});

describe("invalid options", () => {
  it("throws RangeError for unknown language or operation or an empty target", () => {
    expect(() => gen({ language: "go" as never, operation: "run" })).toThrow(RangeError);
    expect(() => gen({ language: "toString" as never, operation: "run" })).toThrow(RangeError);
    expect(() => gen({ language: "curl", operation: "purge" as never })).toThrow(RangeError);
    expect(() => gen({ language: "curl", operation: "run", target: "" })).toThrow(RangeError);
  });
});
