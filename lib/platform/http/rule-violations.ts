import type { RuleViolation } from "@/lib/schemas/common";
import { problem } from "./problem";

/**
 * Throws the problem for request-rule violations found by helpers in lib/schemas (not by a schema):
 * `detail` reads as a sentence naming each field, `errors[]` carries `<path>: <message>` lines like
 * validation errors do. 400 unless the rule says otherwise.
 */
export function throwIfViolations(violations: RuleViolation[], status = 400): void {
  if (violations.length === 0) return;
  throw problem(
    status,
    violations.map((v) => `${v.path === "$" ? "" : `${v.path} `}${v.message}`).join("; "),
    violations.map((v) => `${v.path}: ${v.message}`),
  );
}
