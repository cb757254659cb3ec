/**
 * Built-in worker images run inside the platform process instead of a container. The job engine
 * starts, places, bills and scales them like any worker; they only supply behaviour.
 */
export interface BuiltinJobContext {
  id: string;
  input: unknown;
  /** The job's `s3Config` (bucket credentials), when the request carried one. */
  s3Config?: unknown;
  workerId: string;
  /** Aborted when the platform stops the job (cancel, execution timeout, ttl). */
  signal: AbortSignal;
  /** Platform clock, ms. */
  now(): number;
  /** Waits on the platform clock (a manual clock makes this instant under `advance`). */
  sleep(ms: number): Promise<void>;
  /** Interim output shown by `/status` while IN_PROGRESS (progress_update). */
  progress(output: unknown): Promise<void>;
  /** One chunk for `/stream` (a generator handler's yield). */
  stream(output: unknown): Promise<void>;
}

export type BuiltinJobResult =
  /** `streamed`: a generator finished (its job-done is the final `isStream=true` post). */
  | { kind: "output"; output: unknown; stopPod?: boolean; streamed?: boolean }
  | { kind: "error"; error: unknown; output?: unknown }
  /** The worker process died: no result is posted; the platform recovers the job. */
  | { kind: "crash" }
  /** The result post was lost: the worker lives on, the platform must notice the job is gone. */
  | { kind: "lost" };

export interface BuiltinImageOptions {
  /** Endpoint `args` (e.g. `--generator`). */
  args: string;
  env: Record<string, string>;
}

export interface BuiltinHttpContext {
  workerId: string;
  /** Path after `/v2/<endpoint id>`, starting with `/`. */
  path: string;
  healthPath: string;
}

export interface BuiltinImage {
  /** Human name for logs and docs. */
  name: string;
  matches(image: string): boolean;
  /** Queue endpoints: handle one job. */
  runJob(job: BuiltinJobContext, options: BuiltinImageOptions): Promise<BuiltinJobResult>;
  /** Load-balancer endpoints: answer one request. */
  serveHttp(req: Request, ctx: BuiltinHttpContext, options: BuiltinImageOptions): Promise<Response>;
}
