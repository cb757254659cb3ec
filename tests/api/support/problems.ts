import { expect } from "vitest";
import { Problem } from "@/lib/schemas/common";

/** A problem+json answer with `status`; returns the parsed problem. */
export async function problemOf(res: Response, status: number): Promise<Problem> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const problem = Problem.parse(JSON.parse(text));
  expect(problem.status).toBe(status);
  return problem;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every failure names its field: some `errors[]` line starts with the JSON path. */
export function expectNames(p: Problem, path: string): void {
  expect(p.errors ?? [], JSON.stringify(p)).toEqual(
    expect.arrayContaining([expect.stringMatching(new RegExp(`^${escapeRegExp(path)}`))]),
  );
}
