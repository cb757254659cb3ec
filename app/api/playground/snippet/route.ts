import { z } from "zod";
import { getPlatformConfig } from "@/lib/cloud/config";
import { CloudError } from "@/lib/cloud/errors";
import { highlight } from "@/lib/console-store/highlight";
import { generateSnippet, languages, operations } from "@/lib/codegen";
import { parseModelInput } from "@/lib/models";
import { JobPolicy } from "@/lib/schemas/jobs";
import { playgroundRoute } from "../_lib/playground-route";

const jsonText = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

const Query = z.object({
  language: z.enum(languages.map((l) => l.id) as [string, ...string[]]),
  operation: z.enum(operations.map((o) => o.id) as [string, ...string[]]),
  model: z.string().min(1).max(200).optional(),
  endpoint: z.string().min(1).max(200).optional(),
  input: jsonText(z.record(z.string(), z.unknown())).optional(),
  policy: jsonText(JobPolicy).optional(),
  webhook: z.url({ protocol: /^https?$/ }).optional(),
  jobId: z.string().min(1).max(200).optional(),
});

/**
 * Request code for the code drawer: `lib/codegen` with the configured job-API origin, highlighted
 * on the server with shiki (so the browser bundle carries no grammars). The key is always read
 * from `RUNPOD_API_KEY`; hosted-model inputs include every default, as the platform applies them.
 */
export const GET = playgroundRoute(async (_ctx, _params, request) => {
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const target = query.model ?? query.endpoint;
  if (!target)
    throw new CloudError({
      status: 422,
      title: "Unprocessable Entity",
      detail: "Name the target: a model slug (model=) or an endpoint id (endpoint=).",
    });
  let input = query.input ?? {};
  if (query.model) {
    const parsed = parseModelInput(query.model, input);
    if (parsed.ok) input = parsed.input;
  }
  const language = languages.find((l) => l.id === query.language)!;
  const snippet = generateSnippet({
    language: language.id,
    operation: operations.find((o) => o.id === query.operation)!.id,
    baseUrl: getPlatformConfig().jobUrl,
    target,
    input,
    policy: query.policy,
    webhook: query.webhook,
    jobId: query.jobId,
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
