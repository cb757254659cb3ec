import { isTerminalJobStatus } from "@/lib/schemas/jobs";
import type { PlaygroundRun } from "@/lib/console-store/run-view";
import { watchRun } from "@/lib/console-store/run-watcher";
import { ownRun, playgroundRoute } from "../../../_lib/playground-route";

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

/**
 * One server-sent-event stream per run: the console's server polls `/stream` and `/status` (one
 * poller per run, within the job API's limits) and sends the whole run as `event: run` each time
 * it changes, starting with what it has now. The stream ends when the run does.
 */
export const GET = playgroundRoute<{ id: string }>(async (ctx, { id }, request) => {
  const first = ownRun(ctx, id);
  const encoder = new TextEncoder();
  let stop = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        stop();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const send = (run: PlaygroundRun, done: boolean) => {
        if (closed) return;
        controller.enqueue(encoder.encode(`event: run\ndata: ${JSON.stringify(run)}\n\n`));
        if (done) {
          controller.enqueue(encoder.encode(`event: end\ndata: {}\n\n`));
          close();
        }
      };
      const heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(`: keep-alive\n\n`));
      }, HEARTBEAT_MS);
      request.signal.addEventListener("abort", close, { once: true });
      send(first, isTerminalJobStatus(first.status) || first.expired);
      if (closed) return;
      stop = watchRun(ctx, first, send);
    },
    cancel() {
      stop();
    },
  });

  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
});
