import fc from "fast-check";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  encodeSegment,
  jsLiteral,
  jsonText,
  pythonLiteral,
  quoteString,
  shellQuote,
  shellWord,
  toJson,
  type Json,
} from "./literals";
import { makeSnippetDir, runProcess } from "./test-support";

// Characters that break naive quoting in at least one of the target languages.
const NASTY = [
  "'",
  '"',
  "\\",
  "\n",
  "\r",
  "\t",
  "$",
  "`",
  "!",
  "%",
  "{",
  "}",
  "#",
  "*",
  "\u0000",
  "\u0007",
  "\u007f",
  "\u0085",
  "\u00ad",
  "\u2028",
  "\u2029",
  "\u202e",
  "\u2066",
  "\ufeff",
  "\ud800",
  "\udc00",
  "🚀",
  "日",
  "é",
  "e\u0301",
  "$(id)",
  "${x}",
  "'\\''",
  "\\u0041",
  "\\n",
  "{x}",
];
const nastyString = fc.string({
  unit: fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: "binary", maxLength: 1 })),
  maxLength: 12,
});
const key = fc.oneof(nastyString, fc.constantFrom("__proto__", "constructor", "class", "1", ""));
const jsonArb: fc.Arbitrary<Json> = fc
  .letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(1e21, -1e-7, 5e-324, 2 ** 53 + 2, 12345678901234567000),
      nastyString,
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(key, tie("value"), { maxKeys: 4 }),
    ),
  }))
  .value.map(toJson);

// One process per language checks a whole batch of values.
const SAMPLES = fc.sample(jsonArb, { numRuns: 300, seed: 42 });
const STRINGS = fc.sample(nastyString, { numRuns: 300, seed: 7 }).concat(NASTY);

let dir: string;
let removeDir: () => Promise<void>;
beforeAll(async () => {
  ({ dir, remove: removeDir } = await makeSnippetDir());
});
afterAll(() => removeDir());

describe("pythonLiteral", () => {
  it("evaluates in Python to the same JSON value, for nasty strings, keys and numbers", async () => {
    const file = path.join(dir, "values.py");
    const items = SAMPLES.map((v) => `    ${pythonLiteral(v, "    ")},\n`).join("");
    await writeFile(
      file,
      `import json, sys\nvalues = [\n${items}]\nsys.stdout.write(json.dumps(values))\n`,
    );
    const result = await runProcess(["python3", "-W", "error", file], { cwd: dir });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual(SAMPLES);
  });

  it("writes Python constants and dict literals", () => {
    expect(pythonLiteral({ a: true, b: false, c: null, d: [1.5] })).toBe(
      '{\n    "a": True,\n    "b": False,\n    "c": None,\n    "d": [\n        1.5,\n    ],\n}',
    );
  });
});

describe("jsLiteral", () => {
  it("evaluates to the same value, keys in the same order (including own __proto__)", () => {
    for (const value of SAMPLES) {
      const evaluated: unknown = new Function(`return (${jsLiteral(value)});`)();
      expect(JSON.stringify(evaluated)).toBe(JSON.stringify(value));
    }
  });

  it("uses bare keys only for identifiers", () => {
    expect(jsLiteral({ prompt: "x", "key with space": 1, __proto__x: 2 })).toBe(
      '{\n  prompt: "x",\n  "key with space": 1,\n  __proto__x: 2,\n}',
    );
    expect(jsLiteral(JSON.parse('{"__proto__": 1}') as Json)).toBe('{\n  ["__proto__"]: 1,\n}');
  });
});

describe("quoteString", () => {
  it("is the same string in Python and JavaScript", async () => {
    const file = path.join(dir, "strings.py");
    const items = STRINGS.map((s) => `    ${quoteString(s)},\n`).join("");
    await writeFile(
      file,
      `import json, sys\nvalues = [\n${items}]\nsys.stdout.write(json.dumps(values))\n`,
    );
    const result = await runProcess(["python3", "-W", "error", file], { cwd: dir });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual(STRINGS);
    for (const s of STRINGS) expect(new Function(`return ${quoteString(s)};`)()).toBe(s);
  });

  it("shows invisible and bidi characters as escapes", () => {
    expect(quoteString("a\u2028b\u202ec\ufeff")).toBe('"a\\u2028b\\u202ec\\ufeff"');
    expect(quoteString("\ud800")).toBe('"\\ud800"');
    expect(quoteString("🚀é日")).toBe('"🚀é日"');
  });
});

describe("jsonText", () => {
  it("stays valid JSON for the same value while escaping invisible characters", () => {
    for (const value of SAMPLES) expect(JSON.parse(jsonText(value, 2))).toEqual(value);
    expect(jsonText({ s: "x\u2028y\u202e" })).toBe('{"s":"x\\u2028y\\u202e"}');
  });
});

describe("shellQuote and shellWord", () => {
  it("give back every string unchanged through bash", async () => {
    // A shell word cannot hold NUL, and a UTF-8 file cannot hold lone surrogates (snippets only
    // put escaped JSON text in shell words, see jsonText).
    const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const words = STRINGS.filter((s) => !s.includes("\u0000") && !LONE_SURROGATE.test(s));
    const file = path.join(dir, "words.sh");
    await writeFile(file, `printf '%s\\0' ${words.map(shellQuote).join(" ")}\n`);
    const result = await runProcess(["bash", file], { cwd: dir });
    expect(result.stderr).toBe("");
    expect(result.stdout.split("\u0000").slice(0, -1)).toEqual(words);
  });

  it("appends a variable, double-quoting plain URLs and single-quoting the rest", async () => {
    const plain = "http://127.0.0.1:8000/v2/ep/status/";
    const odd = "http://h/$x/`y`/'z'/";
    expect(shellWord(plain, "JOB_ID")).toBe(`"${plain}$JOB_ID"`);
    const file = path.join(dir, "word.sh");
    await writeFile(
      file,
      `printf '%s\\0' ${shellWord(plain, "JOB_ID")} ${shellWord(odd, "JOB_ID")} ${shellWord(odd)}\n`,
    );
    const result = await runProcess(["bash", file], { cwd: dir, env: { JOB_ID: "j 1" } });
    expect(result.stdout.split("\u0000").slice(0, -1)).toEqual([`${plain}j 1`, `${odd}j 1`, odd]);
  });
});

describe("encodeSegment", () => {
  it("leaves ids and slugs alone and encodes everything else", () => {
    expect(encodeSegment("black-forest-labs-flux-1-dev")).toBe("black-forest-labs-flux-1-dev");
    expect(encodeSegment("60902e6c-08a1-426e-9cb9-9eaec90f5e2b-u1")).toBe(
      "60902e6c-08a1-426e-9cb9-9eaec90f5e2b-u1",
    );
    expect(encodeSegment("a/b c'd(e)!*")).toBe("a%2Fb%20c%27d%28e%29%21%2A");
  });
});

describe("toJson", () => {
  it("is what JSON.stringify sends, and rejects undefined", () => {
    expect(toJson({ a: undefined, b: Number.NaN, c: [undefined] })).toEqual({ b: null, c: [null] });
    expect(() => toJson(undefined)).toThrow(TypeError);
  });
});
