import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "./support/platform";

/** Reads one whole HTTP/1.1 response (Content-Length bodies) from a socket. */
function readResponse(socket: net.Socket): Promise<{ status: number; headers: string }> {
  return new Promise((resolve, reject) => {
    let buf = "";
    const onData = (d: Buffer) => {
      buf += d.toString("latin1");
      const end = buf.indexOf("\r\n\r\n");
      if (end < 0) return;
      const headers = buf.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
      if (buf.length < end + 4 + length) return;
      cleanup();
      resolve({ status: Number(headers.split(" ")[1]), headers });
    };
    const onClose = () => {
      cleanup();
      reject(new Error(`the platform closed the connection (read so far: ${JSON.stringify(buf)})`));
    };
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("close", onClose);
      socket.off("error", onClose);
    };
    socket.on("data", onData);
    socket.on("close", onClose);
    socket.on("error", onClose);
  });
}

// The HTTP server is the same on both stores: one backend is enough.
describe("HTTP keep-alive outlives the official clients' connection reuse", () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => tp?.close());

  it("a connection left idle for 15 s (the Python worker runtime's reuse window) still answers the next request", async () => {
    const { port } = new URL(tp.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve, reject) =>
      socket.once("connect", resolve).once("error", reject),
    );
    const request = `GET /_platform/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
    try {
      socket.write(request);
      const first = await readResponse(socket);
      expect(first.status).toBe(200);
      const advertised = Number(/keep-alive:\s*timeout=(\d+)/i.exec(first.headers)?.[1]);
      expect(advertised).toBeGreaterThanOrEqual(65);
      // Real idle time on a real socket (what the server's timer measures), not simulated time.
      await new Promise((r) => setTimeout(r, 15_000));
      socket.write(request);
      const second = await readResponse(socket);
      expect(second.status).toBe(200);
    } finally {
      socket.destroy();
    }
  }, 40_000);
});
