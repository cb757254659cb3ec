import type { z } from "zod";
import {
  EndpointHealth,
  Job,
  JobApiError,
  JobIdParams,
  JobEndpointParams,
  JobQueued,
  JobRequest,
  JobStream,
  JobRequestsQuery,
  ListRequestsResponse,
  PurgeQueueResponse,
  StatusQuery,
  StreamQuery,
  SyncWaitQuery,
} from "@/lib/schemas/jobs";
import type { Routes } from "../../http/route";

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Malformed request or invalid body or query",
  401: "Missing, malformed or invalid key",
  403: "Valid key without access to the endpoint",
  404: "Unknown endpoint (or another account's), or unknown or expired job",
  405: "Method not allowed",
  413: "Body larger than the operation's limit",
  429: "Rate limit, concurrency limit or queue-size limit exceeded (Retry-After)",
};

interface JobOperation {
  methods: ("get" | "post")[];
  /** Path after `/v2/{endpointId}`. */
  path: string;
  summary: string;
  description?: string;
  params: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  ok: z.ZodType;
  errors: number[];
}

const OPERATIONS: JobOperation[] = [
  {
    methods: ["post"],
    path: "/run",
    summary: "Queue a job",
    description:
      "Answers at once with the job id. 429 when the endpoint's queue already holds max(50, workers.max × 500) jobs. Body up to 10 MB.",
    params: JobEndpointParams,
    body: JobRequest,
    ok: JobQueued,
    errors: [400, 404, 413],
  },
  {
    methods: ["post"],
    path: "/runsync",
    summary: "Run a job and wait for its result",
    description:
      "Holds until the job ends or `wait` elapses, then answers the job as it stands (IN_QUEUE or IN_PROGRESS when still running). Same queue-size rule as /run. Body up to 20 MB.",
    params: JobEndpointParams,
    query: SyncWaitQuery,
    body: JobRequest,
    ok: Job,
    errors: [400, 404, 413],
  },
  {
    methods: ["get", "post"],
    path: "/status/{jobId}",
    summary: "Read a job's status and output",
    params: JobIdParams,
    query: StatusQuery,
    ok: Job,
    errors: [400, 404],
  },
  {
    methods: ["get", "post"],
    path: "/status-sync/{jobId}",
    summary: "Wait for a job to end, then read it",
    params: JobIdParams,
    query: SyncWaitQuery,
    ok: Job,
    errors: [400, 404],
  },
  {
    methods: ["get", "post"],
    path: "/stream/{jobId}",
    summary: "Read the chunks a streaming handler produced since the last read",
    description:
      "Each chunk is delivered once. A terminal status with an empty `stream` ends a client's loop.",
    params: JobIdParams,
    query: StreamQuery,
    ok: JobStream,
    errors: [400, 404],
  },
  {
    methods: ["post"],
    path: "/cancel/{jobId}",
    summary: "Cancel a queued or running job",
    params: JobIdParams,
    ok: Job,
    errors: [404],
  },
  {
    methods: ["post"],
    path: "/retry/{jobId}",
    summary: "Queue a FAILED or TIMED_OUT job again",
    params: JobIdParams,
    ok: JobQueued,
    errors: [400, 404],
  },
  {
    methods: ["post"],
    path: "/purge-queue",
    summary: "Cancel every queued job of the endpoint (running jobs continue)",
    params: JobEndpointParams,
    ok: PurgeQueueResponse,
    errors: [404],
  },
  {
    methods: ["get"],
    path: "/health",
    summary: "Job counts by status and worker counts by state",
    params: JobEndpointParams,
    ok: EndpointHealth,
    errors: [404],
  },
  {
    methods: ["get"],
    path: "/requests",
    summary: "The endpoint's recent jobs, newest first",
    params: JobEndpointParams,
    query: JobRequestsQuery,
    ok: ListRequestsResponse,
    errors: [400, 404],
  },
];

/**
 * Documents the queue-endpoint job API in the OpenAPI document. A catch-all in `jobs.module.ts`
 * serves these routes (one handler for endpoint ids and model slugs), so they are registered for
 * the document only, from the same schemas the handlers parse and answer with.
 */
export function documentJobApi(routes: Routes): void {
  routes.registry.registerComponent("securitySchemes", "rawKey", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "The job API also accepts the raw key, without the Bearer scheme.",
  });
  for (const op of OPERATIONS) {
    const responses: Record<string, object> = {
      200: { description: "OK", content: { "application/json": { schema: op.ok } } },
    };
    for (const status of [...new Set([...op.errors, 401, 403, 429])].sort()) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        content: { "application/problem+json": { schema: JobApiError } },
      };
    }
    for (const method of op.methods) {
      routes.registry.registerPath({
        method,
        path: `/v2/{endpointId}${op.path}`,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        tags: ["Job API"],
        security: [{ bearerAuth: [] }, { rawKey: [] }],
        request: {
          params: op.params,
          ...(op.query ? { query: op.query } : {}),
          ...(op.body
            ? { body: { required: true, content: { "application/json": { schema: op.body } } } }
            : {}),
        },
        responses: responses as never,
      });
    }
  }
}
