import type { Problem } from "@/lib/schemas/common";

// Apart from the form helpers (apply-problem.ts): error panels and toasts on every page use this,
// and react-hook-form's field errors load only with a form.

/** Plain words for a problem outside a form (toasts, error panels). 403 says what it means. */
export function describeProblem(problem: Pick<Problem, "status" | "detail" | "title">): string {
  if (problem.status === 403) {
    return `This API key is not allowed to do that (403 Forbidden): ${problem.detail}`;
  }
  if (problem.status === 401) return `Your session has ended: ${problem.detail}`;
  return problem.detail || problem.title;
}
