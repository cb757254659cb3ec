import type {
  BuiltinImage,
  BuiltinJobContext,
  BuiltinJobResult,
  BuiltinImageOptions,
} from "./builtin-image";
import { echoHttp } from "./echo-http";
import { openAiMock } from "./openai-mock";

/**
 * `runpod/mock-worker` (any tag), the service's own test worker, with its input contract:
 * `mock_return` (default "Hello World!"), `mock_delay` (seconds), `mock_progress`
 * (`{updates, wait_time}`), `mock_error`, `mock_crash`, `mock_refresh`,
 * `mock_external.error_job_return`. With `--generator` in the endpoint's args a list `mock_return`
 * streams item by item (the job's final output is then `[]`, as without `return_aggregate_stream`).
 * Jobs carrying `openai_route` get OpenAI-shaped answers; on a LOAD_BALANCER endpoint the image
 * serves `/ping` and echoes every other request.
 */
const RUNPOD_VERSION = "1.12.0";

type Input = Record<string, unknown>;

const asObject = (v: unknown): Input =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Input) : {};
const seconds = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v > 0 ? v * 1000 : 0;

/** A handler exception as the Python runtime posts it: a JSON-encoded string (platform-notes §2.5). */
function pythonException(message: string, workerId: string): string {
  return JSON.stringify({
    error_type: "<class 'Exception'>",
    error_message: message,
    error_traceback: `Traceback (most recent call last):\n  File "/handler.py", line 72, in _side_effects\n    raise Exception('${message}')\nException: ${message}\n`,
    hostname: workerId,
    worker_id: workerId,
    runpod_version: RUNPOD_VERSION,
  });
}

/** The handler's side effects, in the original's order: delay, progress, crash, error. */
async function sideEffects(job: BuiltinJobContext, input: Input): Promise<BuiltinJobResult | null> {
  await job.sleep(seconds(input.mock_delay));
  const progress = asObject(input.mock_progress);
  if (Array.isArray(progress.updates)) {
    for (const update of progress.updates) {
      await job.sleep(seconds(progress.wait_time));
      if (job.signal.aborted) return null;
      await job.progress(update);
    }
  }
  if (input.mock_crash === true) return { kind: "crash" };
  if (input.mock_error === true)
    return { kind: "error", error: pythonException("Mock error", job.workerId) };
  return null;
}

export const mockWorker: BuiltinImage = {
  name: "runpod/mock-worker",
  matches: (image) =>
    /^(docker\.io\/)?runpod\/mock-worker(:[\w.-]+)?(@sha256:[a-f0-9]+)?$/.test(image),

  async runJob(job, options: BuiltinImageOptions): Promise<BuiltinJobResult> {
    const input = asObject(job.input);
    if (typeof input.openai_route === "string")
      return openAiMock(job, input.openai_route, input.openai_input);
    const effect = await sideEffects(job, input);
    if (effect) return effect;
    if (job.signal.aborted) return { kind: "output", output: null };
    if (asObject(input.mock_external).error_job_return === true) return { kind: "lost" };
    if (/(^|\s)--generator(\s|$)/.test(options.args)) {
      const values = "mock_return" in input ? input.mock_return : ["Hello World!"];
      for (const value of Array.isArray(values) ? values : [values]) {
        if (job.signal.aborted) break;
        await job.stream(value);
      }
      return { kind: "output", output: [], streamed: true };
    }
    const output = "mock_return" in input ? input.mock_return : "Hello World!";
    // The original returns {refresh_worker: true, mock_return}; the runtime strips the flag and asks to recycle.
    if (input.mock_refresh === true)
      return { kind: "output", output: { mock_return: output }, stopPod: true };
    return { kind: "output", output };
  },

  serveHttp: echoHttp,
};
