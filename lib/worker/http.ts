import { request } from "undici";

/** What the worker needs of an answer: its status, and its body read as JSON when it is JSON. */
export interface Answer {
  status: number;
  ok: boolean;
  /** The body parsed when the answer says `application/json`, else undefined (never throws). */
  json: unknown;
}

/**
 * One request of the worker protocol, through undici's `request` on a kept-alive connection: on
 * Node 20 the global `fetch` (the same library behind a WHATWG layer) adds 0.1–0.3 ms to every
 * request on this kind of machine, and a job-take answer is on the path of every job. The body is
 * always read, so the connection goes back to the pool.
 */
export async function send(
  url: string,
  init: {
    method?: "GET" | "POST";
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
  },
): Promise<Answer> {
  const res = await request(url, {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
    signal: init.signal,
  });
  const type = res.headers["content-type"];
  if (res.statusCode === 200 && String(type ?? "").includes("application/json")) {
    const json: unknown = await res.body.json().catch(() => undefined);
    return { status: res.statusCode, ok: true, json };
  }
  await res.body.dump().catch(() => undefined);
  return {
    status: res.statusCode,
    ok: res.statusCode >= 200 && res.statusCode < 300,
    json: undefined,
  };
}
