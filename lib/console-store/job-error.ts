// Reading a failed job's `error` (platform-notes §2.5). Pure: used by the playground's result
// pane, the job page and the endpoint's request list in the browser.

export interface JobErrorView {
  /** One line saying what went wrong. */
  message: string;
  /** The exception's class, e.g. `Exception` (from `<class 'Exception'>`). */
  type?: string;
  /** The handler's traceback, with real line breaks. */
  traceback?: string;
  /** The worker that ran the handler, when the error says so. */
  workerId?: string;
  /** The error exactly as the platform answered it, pretty-printed. */
  raw: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/** `<class 'ValueError'>` → `ValueError`; other spellings unchanged. */
const className = (v: string) => /^<class '([^']+)'>$/.exec(v.trim())?.[1] ?? v.trim();

function fromRecord(r: Record<string, unknown>): Omit<JobErrorView, "raw"> | undefined {
  const message = text(r.error_message) ?? text(r.message) ?? text(r.error);
  if (message === undefined) return undefined;
  const traceback = text(r.error_traceback) ?? text(r.traceback) ?? text(r.stack);
  const type = text(r.error_type);
  const workerId = text(r.worker_id);
  return {
    message,
    ...(type ? { type: className(type) } : {}),
    ...(traceback ? { traceback: traceback.replace(/\s+$/, "") } : {}),
    ...(workerId ? { workerId } : {}),
  };
}

/** A string that is itself JSON (the Python runtime posts its exception JSON-encoded). */
function parsedString(s: string): unknown {
  const t = s.trim();
  if (!t.startsWith("{") && !t.startsWith('"')) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/**
 * What a failed job's `error` says, whatever its shape: the runtime's JSON-encoded exception
 * (`{"error_type","error_message","error_traceback",…}` as a string, possibly encoded twice), a
 * generator's `handler: <msg> \ntraceback: …`, an object, or a plain message.
 */
export function readJobError(error: unknown): JobErrorView {
  const raw = JSON.stringify(error, null, 2) ?? String(error);
  let value = error;
  // Unwrap JSON inside strings (at most twice: some workers encode the exception again).
  for (let i = 0; i < 3 && typeof value === "string"; i++) {
    const inner = parsedString(value);
    if (inner === undefined) break;
    value = inner;
  }
  if (isRecord(value)) {
    const nested = typeof value.error === "string" ? parsedString(value.error) : undefined;
    const found = (isRecord(nested) && fromRecord(nested)) || fromRecord(value);
    if (found) return { ...found, raw };
    return { message: "The job failed; its error has no message.", raw };
  }
  if (typeof value === "string") {
    const handler = /^handler:\s*([\s\S]*?)\s*\ntraceback:\s*([\s\S]*)$/.exec(value);
    if (handler)
      return {
        message: handler[1]!.trim() || "The handler raised an exception.",
        traceback: handler[2]!.replace(/\s+$/, ""),
        raw,
      };
    const lines = value.replace(/\s+$/, "").split("\n");
    const tb = lines.findIndex((l) => l.startsWith("Traceback (most recent call last)"));
    if (tb > 0)
      return {
        message: lines.slice(0, tb).join(" ").trim(),
        traceback: lines.slice(tb).join("\n"),
        raw,
      };
    if (tb === 0)
      return {
        message: lines[lines.length - 1]!.trim(),
        traceback: lines.join("\n"),
        raw,
      };
    return { message: value.trim() || "The job failed without a message.", raw };
  }
  if (value === undefined || value === null)
    return { message: "The job failed without a message.", raw };
  return { message: String(value), raw };
}

/** One line for a list: the error's message, with its class when known. */
export function jobErrorLine(error: unknown): string {
  const view = readJobError(error);
  return view.type ? `${view.type}: ${view.message}` : view.message;
}
