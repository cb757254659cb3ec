import type { Problem } from "@/lib/schemas/common";

/** What lib/queries hooks reject with: a real Error carrying the console's problem+json fields. */
export class ProblemError extends Error implements Problem {
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly errors: string[] | undefined;

  constructor(problem: Problem) {
    super(problem.detail);
    this.name = "ProblemError";
    this.title = problem.title;
    this.status = problem.status;
    this.detail = problem.detail;
    this.errors = problem.errors;
  }
}
