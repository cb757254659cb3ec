import type { Problem } from "@/lib/schemas/common";
import { ProblemError } from "./problem-error";

/**
 * The one fetch the browser makes for reads: GET a console route handler (`/api/...`, same
 * origin, the session cookie travels by itself) and reject with a ProblemError. Hooks in
 * lib/queries call it; components never call fetch.
 */
export async function fetchJson<T>(path: string, init?: { signal?: AbortSignal }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { accept: "application/json" },
      signal: init?.signal,
      cache: "no-store",
    });
  } catch {
    throw new ProblemError({
      title: "Network error",
      status: 0,
      detail: "The console's server could not be reached.",
    });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = (body ?? {}) as Partial<Problem>;
    throw new ProblemError({
      title: problem.title ?? response.statusText,
      status: response.status,
      detail: problem.detail ?? `the console answered ${response.status}`,
      errors: problem.errors,
    });
  }
  return body as T;
}
