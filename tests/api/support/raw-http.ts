import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request through node:http, which sends what fetch refuses (TRACE, TRACK, CONNECT-like
 * methods) and the path exactly as written, and waits as long as asked (`timeoutMs`, default 10 s;
 * 0 waits however long the answer takes, where fetch gives up after 300 s).
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  options: { key?: string | null; body?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const timeoutMs = options.timeoutMs ?? 10_000;
    if (timeoutMs > 0)
      req.setTimeout(timeoutMs, () =>
        req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs / 1000} s`)),
      );
    req.end(options.body);
  });
}
