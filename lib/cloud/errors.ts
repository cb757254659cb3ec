import { ZodError } from "zod";
import { Problem } from "@/lib/schemas/common";
import { jsonPath } from "@/lib/schemas/json-path";

/**
 * The one error type lib/cloud throws. It carries the platform's problem+json fields so callers
 * (server actions, route handlers, the sign-in flow) can show the platform's own words.
 */
export class CloudError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: string[];
  /** Seconds from a 429's `Retry-After`, when the platform sent one. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * Who answered: the platform (an HTTP answer of it) or the console itself (no session, a
   * timeout, a malformed answer). A platform 401 means the session's key is no longer accepted.
   */
  readonly source: "platform" | "console";

  constructor(init: {
    status: number;
    title: string;
    detail: string;
    errors?: string[];
    retryAfterSeconds?: number;
    source?: "platform" | "console";
  }) {
    super(`${init.status} ${init.title}: ${init.detail}`);
    this.name = "CloudError";
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.source = init.source ?? "console";
  }

  toProblem(): Problem {
    return {
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(this.errors.length > 0 ? { errors: this.errors } : {}),
    };
  }
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? "Error";
}

/**
 * Builds a CloudError from a non-2xx answer. Understands problem+json (management API), the v1
 * volume API's `{message}` and anything else (plain text, HTML from a proxy) without trusting it.
 */
export function errorFromResponse(
  status: number,
  body: string,
  retryAfter: string | null,
): CloudError {
  const retryAfterSeconds =
    retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  const problem = Problem.safeParse(json);
  if (problem.success) {
    return new CloudError({ ...problem.data, status, retryAfterSeconds, source: "platform" });
  }
  if (json && typeof json === "object") {
    const loose = json as Record<string, unknown>;
    const message = [loose.detail, loose.message, loose.error].find(
      (v): v is string => typeof v === "string",
    );
    if (message) {
      const title = typeof loose.title === "string" ? loose.title : statusTitle(status);
      return new CloudError({
        status,
        title,
        detail: message,
        retryAfterSeconds,
        source: "platform",
      });
    }
  }
  const text = body.trim();
  const detail =
    text && text.length <= 300 && !text.startsWith("<")
      ? text
      : `the platform answered ${status} without details`;
  return new CloudError({
    status,
    title: statusTitle(status),
    detail,
    retryAfterSeconds,
    source: "platform",
  });
}

/**
 * A zod path in the platform's `errors[]` notation (`workers.idleTimeout`, `gpu.pools[0]`, `$`), so
 * forms map console-side and platform-side validation failures onto fields the same way.
 */
export { jsonPath };

/** Anything thrown on the server → a Problem safe to hand to the browser. */
export function toProblem(error: unknown): Problem {
  if (error instanceof CloudError) return error.toProblem();
  if (error instanceof ZodError) {
    return {
      title: statusTitle(422),
      status: 422,
      detail: "Request validation failed.",
      errors: error.issues.map((issue) => `${jsonPath(issue.path)}: ${issue.message}`),
    };
  }
  // Unknown failures stay on the server log; the browser gets no internals.
  console.error("[hangar] unexpected server error", error);
  return {
    title: statusTitle(500),
    status: 500,
    detail: "Something went wrong in the console's server.",
  };
}

/** A `application/problem+json` Response for route handlers. */
export function problemResponse(error: unknown): Response {
  const problem = toProblem(error);
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { "content-type": "application/problem+json" },
  });
}
