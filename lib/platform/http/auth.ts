import { problems } from "./problem";

/**
 * Reads the key from an `Authorization` value (header names are case-insensitive in HTTP).
 * The management API wants `Bearer <key>`; the job API and worker protocol also take the raw key,
 * as the service's own curl examples and its worker runtime send it.
 */
export function extractKey(header: string | undefined, allowRaw: boolean): string {
  if (header === undefined || header.trim() === "") throw problems.missingToken();
  const value = header.trim();
  const match = /^(\S+)(?:\s+(.*))?$/.exec(value);
  const scheme = match?.[1] ?? "";
  const rest = match?.[2]?.trim();
  if (scheme.toLowerCase() === "bearer") {
    if (!rest) throw problems.malformedToken("no key after 'Bearer'");
    if (/\s/.test(rest)) throw problems.malformedToken("the key contains whitespace");
    return rest;
  }
  if (rest !== undefined)
    throw problems.malformedToken(`unsupported scheme '${scheme}', expected 'Bearer <key>'`);
  if (!allowRaw) throw problems.malformedToken("expected 'Bearer <key>'");
  return scheme;
}
