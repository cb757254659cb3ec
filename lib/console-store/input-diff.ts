// Field-by-field comparison of two runs' inputs, for the playground's compare view. Pure: safe in
// client bundles.

export interface InputField {
  /** A top-level field of the input (`$` when an input is not a JSON object). */
  field: string;
  /** undefined when that run's input has no such field. */
  a: unknown;
  b: unknown;
  differs: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

export const sameValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * The union of both inputs' top-level fields, in the first input's order then the second's new
 * ones, each marked when the values differ (missing on one side counts as different).
 */
export function diffInputs(a: unknown, b: unknown): InputField[] {
  if (!isRecord(a) || !isRecord(b)) return [{ field: "$", a, b, differs: !sameValue(a, b) }];
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => ({
    field,
    a: a[field],
    b: b[field],
    differs: !sameValue(a[field], b[field]),
  }));
}
