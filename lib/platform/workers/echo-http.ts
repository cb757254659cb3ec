import { assertJsonDepth } from "../http/json-guard";
import { PlatformError } from "../http/problem";
import type { BuiltinHttpContext, BuiltinImageOptions } from "./builtin-image";

const ECHOED_HEADERS = ["content-type", "user-agent", "x-request-id", "x-runpod-worker-id"];

/**
 * The built-in load-balancer app: the health path answers 200 `{"status":"healthy"}`, every other
 * request is echoed back as JSON (method, path, query, a few headers, the body).
 */
export async function echoHttp(
  req: Request,
  ctx: BuiltinHttpContext,
  _options: BuiltinImageOptions,
): Promise<Response> {
  if (ctx.path === ctx.healthPath) return Response.json({ status: "healthy" });
  const url = new URL(req.url);
  const text = req.method === "GET" || req.method === "HEAD" ? "" : await req.text();
  let body: unknown = text === "" ? null : text;
  if (text !== "") {
    // The app answers a body nested too deep to echo (its JSON would overflow the stack) itself.
    try {
      assertJsonDepth(text);
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      return new Response(JSON.stringify(err.toProblem()), {
        status: err.status,
        headers: { "Content-Type": "application/problem+json" },
      });
    }
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: echo the text
    }
  }
  const headers: Record<string, string> = {};
  for (const h of ECHOED_HEADERS) {
    const v = req.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  return Response.json({
    method: req.method,
    path: ctx.path,
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    workerId: ctx.workerId,
  });
}
