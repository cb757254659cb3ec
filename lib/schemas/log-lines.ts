// Log events checked without zod, for the log viewer's client code: the same rules as the
// `LogLine` and `WorkerLogLine` schemas in ./common (kept in step by ./log-lines.test.ts).

/** Where a log line came from (the `LogSource` schema in ./common is built from this list). */
export const LOG_SOURCES = ["container", "system"] as const;
export type LogSourceValue = (typeof LOG_SOURCES)[number];

const DATE =
  "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
const TIME = "(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?";
const OFFSET = "(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)";
/** RFC 3339 date-time with `Z` or an offset, as `z.iso.datetime({ offset: true })` takes it. */
const ISO_DATE_TIME = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);

export const isIsoDateTime = (value: unknown): value is string =>
  typeof value === "string" && ISO_DATE_TIME.test(value);

/** The `data:` payload of one log event (as the `LogLine` schema reads it). */
export interface LogLineValue {
  ts: string;
  source: LogSourceValue;
  line: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `{ts, source, line}` (other keys dropped), or null when any of them is missing or wrong. */
export function logLineOf(value: unknown): LogLineValue | null {
  if (!isRecord(value)) return null;
  const { ts, source, line } = value;
  if (!isIsoDateTime(ts) || typeof line !== "string") return null;
  if (!(LOG_SOURCES as readonly unknown[]).includes(source)) return null;
  return { ts, source: source as LogSourceValue, line };
}

/** A merged endpoint stream's payload: a log line and its non-empty `worker`, or null. */
export function workerLogLineOf(value: unknown): (LogLineValue & { worker: string }) | null {
  const line = logLineOf(value);
  if (!line || !isRecord(value)) return null;
  const { worker } = value;
  return typeof worker === "string" && worker.length > 0 ? { ...line, worker } : null;
}
