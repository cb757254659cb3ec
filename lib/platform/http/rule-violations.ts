import type { RuleViolation } from "@/lib/schemas/common";
import { problem, type PlatformError } from "./problem";

/**
 * The problem for request-rule violations found by helpers in lib/schemas or a service (not by a
 * schema): `detail` names each field (`size: must be…`), `errors[]` carries `<path>: <message>`
 * lines like validation errors do. 400 unless the rule says otherwise.
 */
export function ruleProblem(violations: RuleViolation[], status = 400): PlatformError {
  return problem(
    status,
    violations.map((v) => (v.path === "$" ? v.message : `${v.path}: ${v.message}`)).join("; "),
    violations.map((v) => `${v.path}: ${v.message}`),
  );
}

/** One violated rule as a problem: `throw violation("size", "must be at least 10 GB")`. */
export function violation(path: string, message: string, status = 400): PlatformError {
  return ruleProblem([{ path, message }], status);
}

export function throwIfViolations(violations: RuleViolation[], status = 400): void {
  if (violations.length > 0) throw ruleProblem(violations, status);
}
