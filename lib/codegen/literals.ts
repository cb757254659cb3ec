// Turning JSON values into source text: shell words, Python and JavaScript literals.
// Every function here must round-trip: evaluating the produced text gives back the same value.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The value as `JSON.stringify` would send it (undefined keys dropped, NaN -> null, ...). */
export function toJson(value: unknown): Json {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError("value is not representable as JSON");
  return JSON.parse(text) as Json;
}

// Characters that are legal but invisible or reorder text (line/paragraph separators, bidi
// controls, zero-width and BOM, C1 controls): written as \u escapes so a reader sees them.
// Lone surrogates are escaped too because a source file cannot carry them.
const INVISIBLE =
  /[\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const u = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** JSON text with invisible characters escaped (only possible inside strings, so still valid). */
export function jsonText(value: Json, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(INVISIBLE, u);
}

/**
 * A double-quoted string literal valid in both Python 3 and JavaScript: both read `\\`, `\"`,
 * `\n`, `\r`, `\t` and `\uXXXX` the same way.
 */
export function quoteString(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must be escaped
  const body = s.replace(/[\\"\u0000-\u001f]/g, (ch) => {
    if (ch === "\\" || ch === '"') return `\\${ch}`;
    if (ch === "\n") return "\\n";
    if (ch === "\r") return "\\r";
    if (ch === "\t") return "\\t";
    return u(ch);
  });
  return `"${body.replace(INVISIBLE, u)}"`;
}

/** A single-quoted shell word: nothing inside is expanded; `'` becomes `'\''`. */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

const SHELL_SAFE_IN_DOUBLE_QUOTES = /^[\w:/.~%?=&@+,;#-]*$/;

/**
 * A shell word for `literal` followed by the value of `$variable` (if any), written as one
 * double-quoted string when the literal needs no escaping, which is how people write URLs.
 */
export function shellWord(literal: string, variable?: string): string {
  const ref = variable ? `$${variable}` : "";
  if (SHELL_SAFE_IN_DOUBLE_QUOTES.test(literal)) return `"${literal}${ref}"`;
  return variable ? `${shellQuote(literal)}"${ref}"` : shellQuote(literal);
}

function renderContainer(
  entries: string[],
  open: string,
  close: string,
  indent: string,
  step: string,
): string {
  if (entries.length === 0) return open + close;
  const inner = indent + step;
  return `${open}\n${entries.map((e) => `${inner}${e},\n`).join("")}${indent}${close}`;
}

/** A Python expression (dict/list literals, True/False/None) equal to `value`. */
export function pythonLiteral(value: Json, indent = ""): string {
  const step = "    ";
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") return quoteString(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => pythonLiteral(v, indent + step));
    return renderContainer(items, "[", "]", indent, step);
  }
  const items = Object.entries(value).map(
    ([k, v]) => `${quoteString(k)}: ${pythonLiteral(v, indent + step)}`,
  );
  return renderContainer(items, "{", "}", indent, step);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function jsKey(key: string): string {
  // In a literal, `__proto__: x` (quoted or not) sets the prototype instead of a property.
  if (key === "__proto__") return `[${quoteString(key)}]`;
  return IDENTIFIER.test(key) ? key : quoteString(key);
}

/** A JavaScript expression (object/array literals) equal to `value`, formatted like Prettier. */
export function jsLiteral(value: Json, indent = ""): string {
  const step = "  ";
  if (value === null || typeof value === "boolean" || typeof value === "number") {
    return JSON.stringify(value);
  }
  if (typeof value === "string") return quoteString(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => jsLiteral(v, indent + step));
    return renderContainer(items, "[", "]", indent, step);
  }
  const items = Object.entries(value).map(
    ([k, v]) => `${jsKey(k)}: ${jsLiteral(v, indent + step)}`,
  );
  return renderContainer(items, "{", "}", indent, step);
}

/** encodeURIComponent that also encodes `!'()*`, so a path segment is safe in any quoting. */
export function encodeSegment(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
