import type { z } from "zod";

// Test-only helpers for the schema tables (not exported from ./index).

/** Where a parse failed, as JSON paths; an unknown key reports its own path (`gpu.excludedTypes`). */
export function failedPaths(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((k) => (base ? `${base}.${k}` : k));
    return [base || "$"];
  });
}

/** Parse that must succeed; returns the output so a test can check defaults. */
export function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** The first message a schema gives for a field, as a form's resolver shows it. */
export function messageOf(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join(".") === field)?.message;
}

/** A valid queue endpoint to break one field of. */
export const VALID_ENDPOINT = {
  name: "echo",
  type: "QUEUE",
  image: "runpod/mock-worker:latest",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
};
