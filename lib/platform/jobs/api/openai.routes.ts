import { isTerminalJobStatus } from "@/lib/schemas/jobs";
import { problem, problems } from "../../http/problem";
import type { ClientSignal } from "./client-signal";
import type { JobEngine } from "../engine/engine";
import {
  limited,
  methodNotAllowed,
  ok,
  readJson,
  requireAccess,
  type JobContext,
  type JobTarget,
  clientSignal,
} from "./job-http";
import { parseJson } from "../store/job-mapper";

const ROUTES: Record<string, string[]> = {
  "chat/completions": ["POST"],
  completions: ["POST"],
  models: ["GET", "POST"],
};
/** How long a non-streaming OpenAI call may wait for its job (ms). */
const OPENAI_WAIT_MS = 300_000;

/** A generator's aggregate (`[x]`) answers as `x`, as worker-vllm's single response dict. */
const unwrap = (output: unknown) =>
  Array.isArray(output) && output.length === 1 ? output[0] : output;

/** One SSE frame from a streamed chunk: worker-vllm yields raw `data: …\n\n` text; anything else is JSON. */
function frame(chunk: unknown): string {
  if (typeof chunk === "string") return chunk.endsWith("\n\n") ? chunk : `${chunk}\n\n`;
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * `/openai/v1/...` on a queue endpoint: the call becomes an ordinary job whose input is
 * `{openai_route, openai_input}` (platform-notes §1.9). A `stream: true` body is answered as
 * server-sent events relayed from the job's stream; otherwise the job's output is the body.
 */
export async function handleOpenAi(
  c: JobContext,
  e: JobEngine,
  target: JobTarget,
  segs: string[],
): Promise<Response | null> {
  if (segs[0] !== "openai" || segs[1] !== "v1") return null;
  const route = segs.slice(2).join("/");
  const methods = ROUTES[route];
  if (!methods) return null;
  if (!methods.includes(c.req.method)) methodNotAllowed(methods);
  requireAccess(target, "write");
  const { endpoint } = target;
  return limited(e, target, "openai", async () => {
    const body = c.req.method === "GET" ? undefined : await readJson(c);
    if (body !== undefined && (typeof body !== "object" || body === null || Array.isArray(body))) {
      throw problems.badRequest("the OpenAI request body must be a JSON object");
    }
    const row = await e.jobs.submit(
      endpoint,
      { input: { openai_route: `/v1/${route}`, openai_input: body ?? {} } },
      true,
    );
    const signal = clientSignal(c);
    if ((body as { stream?: unknown } | undefined)?.stream === true)
      return sse(e, target, row.id, signal);
    const done = await e.jobs.waitFor(endpoint, row.id, OPENAI_WAIT_MS, signal, (r) =>
      isTerminalJobStatus(r.status),
    );
    if (!done) throw problems.notFound("job");
    if (done.status === "COMPLETED") return ok(unwrap(parseJson(done.output)));
    if (!isTerminalJobStatus(done.status))
      throw problem(504, `job ${done.id} did not finish within ${OPENAI_WAIT_MS / 1000} s`);
    const err = parseJson(done.error);
    throw problem(
      500,
      `job ${done.id} ${done.status}: ${typeof err === "string" ? err : JSON.stringify(err ?? null)}`,
    );
  });
}

function sse(e: JobEngine, target: JobTarget, jobId: string, signal: ClientSignal): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let sawDone = false;
      try {
        for (;;) {
          const { row, chunks } = await e.jobs.stream(
            target.endpoint,
            jobId,
            e.config.streamHoldMs,
            signal,
          );
          for (const chunk of chunks) {
            const text = frame(chunk);
            if (text.includes("data: [DONE]")) sawDone = true;
            controller.enqueue(encoder.encode(text));
          }
          if (signal.aborted) break;
          if (isTerminalJobStatus(row.status) && chunks.length === 0) {
            if (row.status !== "COMPLETED") {
              const err = parseJson(row.error);
              controller.enqueue(
                encoder.encode(
                  frame({
                    error: {
                      message: typeof err === "string" ? err : `job ${row.status}`,
                      type: "job_error",
                    },
                  }),
                ),
              );
            }
            break;
          }
        }
        if (!sawDone && !signal.aborted) controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      } catch (err) {
        e.log.warn({ err, job: jobId }, "OpenAI stream relay ended early");
      } finally {
        controller.close();
      }
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
