import { z } from "zod";
import { getPlatformConfig } from "@/lib/cloud/config";
import { CloudError } from "@/lib/cloud/errors";
import { highlight } from "@/lib/console-store/highlight";
import { generateSnippet, languages, operations } from "@/lib/codegen";
import { parseModelInput } from "@/lib/models";
import { JobPolicy } from "@/lib/schemas/jobs";
import { playgroundRoute } from "../_lib/playground-route";

/** Inputs carry prompts, messages and base64 files: far more than a query string holds. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const SnippetRequest = z.strictObject({
  language: z.enum(languages.map((l) => l.id) as [string, ...string[]]),
  operation: z.enum(operations.map((o) => o.id) as [string, ...string[]]),
  model: z.string().min(1).max(200).optional(),
  endpoint: z.string().min(1).max(200).optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  policy: JobPolicy.optional(),
  webhook: z.url({ protocol: /^https?$/ }).optional(),
  jobId: z.string().min(1).max(200).optional(),
});

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES)
    throw new CloudError({
      status: 413,
      title: "Content Too Large",
      detail: `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
    });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CloudError({
      status: 400,
      title: "Bad Request",
      detail: "The request body must be JSON.",
    });
  }
}

/**
 * Request code for the code drawer: `lib/codegen` with the configured job-API origin, highlighted
 * on the server with shiki (so the browser bundle carries no grammars). A read, but a POST: the
 * input travels as a JSON body, as large as the job's. The key is always read from
 * `RUNPOD_API_KEY`; hosted-model inputs include every default, as the platform applies them.
 */
export const POST = playgroundRoute(async (_ctx, _params, request) => {
  const body = SnippetRequest.parse(await readBody(request));
  const target = body.model ?? body.endpoint;
  if (!target)
    throw new CloudError({
      status: 422,
      title: "Unprocessable Entity",
      detail: "Name the target: a model slug (model) or an endpoint id (endpoint).",
    });
  let input = body.input ?? {};
  if (body.model) {
    const parsed = parseModelInput(body.model, input);
    if (parsed.ok) input = parsed.input;
  }
  const language = languages.find((l) => l.id === body.language)!;
  const snippet = generateSnippet({
    language: language.id,
    operation: operations.find((o) => o.id === body.operation)!.id,
    baseUrl: getPlatformConfig().jobUrl,
    target,
    input,
    policy: body.policy && Object.keys(body.policy).length > 0 ? body.policy : undefined,
    webhook: body.webhook,
    jobId: body.jobId,
  });
  return {
    code: snippet.code,
    html: await highlight(snippet.code, snippet.shikiLang),
    filename: snippet.filename,
    command: snippet.run.command,
    install: snippet.run.install,
    description: language.description,
  };
});
