import type { Problem } from "@/lib/schemas/common";

/**
 * The one error type the platform raises. `onError` turns it into `application/problem+json`
 * (management API) so no handler writes error bodies itself.
 */
export class PlatformError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: string[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    title: string,
    detail: string,
    errors?: string[],
    headers?: Record<string, string>,
  ) {
    super(detail);
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors && errors.length > 0 ? errors : undefined;
    this.headers = headers ?? {};
  }

  toProblem(): Problem {
    return {
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(this.errors ? { errors: this.errors } : {}),
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
  410: "Gone",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function problem(
  status: number,
  detail: string,
  errors?: string[],
  headers?: Record<string, string>,
) {
  return new PlatformError(status, TITLES[status] ?? "Error", detail, errors, headers);
}

/** The catalogue of errors, so every status and detail is worded once. */
export const problems = {
  badRequest: (detail: string, errors?: string[]) => problem(400, detail, errors),
  malformedJson: (why: string) => problem(400, `request body is not valid JSON: ${why}`),
  missingToken: () => problem(401, "missing bearer token"),
  malformedToken: (why: string) => problem(401, `malformed bearer token: ${why}`),
  invalidKey: () => problem(401, "invalid api key"),
  disabledKey: () => problem(401, "api key is disabled"),
  accessDenied: () => problem(403, "access denied"),
  operatorRequired: () => problem(403, "operator credential required"),
  notFound: (what = "resource") => problem(404, `${what} not found`),
  routeNotFound: (method: string, path: string) => problem(404, `no route for ${method} ${path}`),
  methodNotAllowed: (allow: string[]) =>
    problem(405, `method not allowed; allowed: ${allow.join(", ")}`, undefined, {
      Allow: allow.join(", "),
    }),
  conflict: (detail: string) => problem(409, detail),
  validation: (errors: string[]) => problem(422, "Request validation failed.", errors),
  rateLimited: (window: string, retryAfterSeconds: number) =>
    problem(429, `rate limit exceeded for the ${window} window`, undefined, {
      "Retry-After": String(retryAfterSeconds),
    }),
  internal: () => problem(500, "internal error; the platform logged the details"),
};
