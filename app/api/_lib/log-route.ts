import { routeProblem } from "@/lib/auth/key-rejected";
import { requireSession } from "@/lib/auth/session";
import { createCloud, type Cloud } from "@/lib/cloud/client";
import type { LogStreamRequest } from "@/lib/cloud/logs";
import { LogsQuery } from "@/lib/schemas/common";

type Params = Record<string, string>;

/** The headers of every log stream the console serves (as the platform's own). */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-store, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
} as const;

/** `source`, `tail`, `since` of the browser's request (a bad one is a 422), and its `Last-Event-ID`. */
export function logStreamRequest(request: Request): LogStreamRequest {
  const url = new URL(request.url);
  const query = LogsQuery.parse({
    source: url.searchParams.get("source") ?? undefined,
    tail: url.searchParams.get("tail") ?? undefined,
    since: url.searchParams.get("since") ?? undefined,
  });
  const lastEventId = request.headers.get("last-event-id")?.trim();
  return lastEventId ? { ...query, lastEventId } : query;
}

/**
 * A GET route handler streaming a log: session → key → lib/cloud → the platform's server-sent
 * events passed through unchanged (`Last-Event-ID` forwarded), or a problem+json when the stream
 * cannot open (401 without a session, the platform's 404/422 otherwise). The upstream request is
 * tied to the browser's: when the browser leaves, `request.signal` aborts it.
 */
export function logRoute<P extends Params>(
  open: (
    cloud: Cloud,
    params: P,
    logs: LogStreamRequest,
    signal: AbortSignal,
  ) => Promise<Response | ReadableStream<Uint8Array>>,
) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const { apiKey } = await requireSession();
      const upstream = await open(
        createCloud(apiKey),
        await context.params,
        logStreamRequest(request),
        request.signal,
      );
      // (Not `instanceof Response`: fetch may hand back another realm's Response class.)
      const body = upstream instanceof ReadableStream ? upstream : upstream.body;
      return new Response(body, { headers: SSE_HEADERS });
    } catch (error) {
      return routeProblem(error);
    }
  };
}
