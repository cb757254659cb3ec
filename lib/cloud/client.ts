import type { z } from "zod";
import { getPlatformConfig, type PlatformConfig } from "./config";
import { CloudError, errorFromResponse } from "./errors";
import { deniedPermission } from "./permission-denied";
import { assertServer } from "./server-only";

assertServer("lib/cloud/client");

/**
 * The platform's API families and the prefix each one appends to its configured origin.
 * - management: `{PLATFORM_API_URL}/v2/...`
 * - job:        `{PLATFORM_JOB_URL}/v2/<endpoint id | model slug>/...`
 * - rest:       `{PLATFORM_REST_URL}/v1/...` (the older volume API)
 * - control:    `{PLATFORM_API_URL}/_platform/...` (the local platform only)
 */
export type ApiFamily = "management" | "job" | "rest" | "control";

export interface RequestOptions<T> {
  family?: ApiFamily;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path after the family's prefix, starting with `/`, e.g. `/endpoints/abc`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Validates the 2xx body; a mismatch becomes a 502 CloudError instead of a wrong type at run time. */
  schema?: z.ZodType<T>;
  /** Per-call timeout; defaults to the client's. */
  timeoutMs?: number;
  /** Send the key? Default true; the health probe sends none. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface Cloud {
  /** The one way lib/cloud talks to the platform. Throws only CloudError. */
  request<T = unknown>(options: RequestOptions<T>): Promise<T>;
  /**
   * A long-lived answer read as it arrives (server-sent events): resolves with the platform's
   * 2xx response once its headers are in (the timeout covers only that wait), its body unread;
   * throws a CloudError otherwise. Aborting `signal` ends the request, body included. Optional so
   * test doubles of the client need not implement it.
   */
  stream?(options: StreamOptions): Promise<Response>;
  /** The origin of the management API, for display (environment band, error messages). */
  readonly apiUrl: string;
}

export interface StreamOptions {
  family?: ApiFamily;
  path: string;
  query?: RequestOptions<unknown>["query"];
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal: AbortSignal;
}

export interface CloudOptions {
  config?: PlatformConfig;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

function baseFor(family: ApiFamily, config: PlatformConfig): string {
  switch (family) {
    case "management":
      return `${config.apiUrl}/v2`;
    case "job":
      return `${config.jobUrl}/v2`;
    case "rest":
      return `${config.restUrl}/v1`;
    case "control":
      return `${config.apiUrl}/_platform`;
  }
}

function buildUrl(base: string, path: string, query: RequestOptions<unknown>["query"]): URL {
  const url = new URL(`${base}${path.startsWith("/") ? path : `/${path}`}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

/**
 * A typed client of the platform for one API key (or none, for the keyless health probe).
 * Resource calls live beside it, one file per resource, as functions taking the client:
 * `lib/cloud/endpoints.ts` → `export function createEndpoint(cloud: Cloud, input) { return cloud.request({...}) }`.
 */
export function createCloud(apiKey: string | null, options: CloudOptions = {}): Cloud {
  const config = options.config ?? getPlatformConfig();
  const clientTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request<T>(opts: RequestOptions<T>): Promise<T> {
    const family = opts.family ?? "management";
    const url = buildUrl(baseFor(family, config), opts.path, opts.query);
    const timeoutMs = opts.timeoutMs ?? clientTimeout;
    const headers: Record<string, string> = {
      accept: "application/json, application/problem+json",
    };
    if (opts.auth !== false && apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (opts.body !== undefined) headers["content-type"] = "application/json";

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: opts.method ?? "GET",
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal,
        cache: "no-store",
      });
      text = await response.text();
    } catch (error) {
      throw transportError(error, url, timeoutMs, timeout);
    }

    if (!response.ok) {
      const error = errorFromResponse(response.status, text, response.headers.get("retry-after"));
      const denied =
        error.status === 403
          ? deniedPermission(opts.method ?? "GET", family, opts.path)
          : undefined;
      if (!denied) throw error;
      // Which permission is missing, then the platform's own words.
      throw new CloudError({
        status: 403,
        title: error.title,
        detail: `${denied} (403: ${error.detail}).`,
        errors: error.errors,
        source: "platform",
      });
    }
    if (response.status === 204 || text === "") return parseBody(undefined, opts.schema, url);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CloudError({
        status: 502,
        title: "Bad Gateway",
        detail: `the platform answered ${response.status} with a body that is not JSON (${url.pathname})`,
      });
    }
    return parseBody(json, opts.schema, url);
  }

  async function stream(opts: StreamOptions): Promise<Response> {
    const family = opts.family ?? "management";
    const url = buildUrl(baseFor(family, config), opts.path, opts.query);
    const timeoutMs = opts.timeoutMs ?? clientTimeout;
    const headers: Record<string, string> = {
      accept: "text/event-stream, application/problem+json",
      ...opts.headers,
    };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    // The timeout aborts only the wait for headers: a stream may then stay open for hours.
    const waiting = new AbortController();
    const timer = setTimeout(() => waiting.abort(), timeoutMs);
    const signal = AbortSignal.any([opts.signal, waiting.signal]);
    let response: Response;
    try {
      response = await fetch(url, { headers, signal, cache: "no-store" });
    } catch (error) {
      throw transportError(error, url, timeoutMs, waiting.signal);
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => "");
    const error = errorFromResponse(response.status, text, response.headers.get("retry-after"));
    const denied = error.status === 403 ? deniedPermission("GET", family, opts.path) : undefined;
    if (!denied) throw error;
    throw new CloudError({
      status: 403,
      title: error.title,
      detail: `${denied} (403: ${error.detail}).`,
      errors: error.errors,
      source: "platform",
    });
  }

  return { request, stream, apiUrl: config.apiUrl };
}

function parseBody<T>(json: unknown, schema: z.ZodType<T> | undefined, url: URL): T {
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new CloudError({
    status: 502,
    title: "Bad Gateway",
    detail: `the platform's answer to ${url.pathname} does not have the expected shape`,
    errors: parsed.error.issues.map((i) => `${i.path.join(".") || "$"}: ${i.message}`),
  });
}

function transportError(
  error: unknown,
  url: URL,
  timeoutMs: number,
  timeout: AbortSignal,
): CloudError {
  if (timeout.aborted) {
    return new CloudError({
      status: 504,
      title: "Gateway Timeout",
      detail: `the platform did not answer within ${Math.round(timeoutMs / 100) / 10} s at ${url.origin}`,
    });
  }
  if (error instanceof Error && error.name === "AbortError") {
    return new CloudError({
      status: 499,
      title: "Client Closed Request",
      detail: "the request was cancelled",
    });
  }
  return new CloudError({
    status: 503,
    title: "Service Unavailable",
    detail: `platform unreachable at ${url.origin}`,
  });
}
