import type { Context, Next } from "hono";
import { exampleInput, findModel, parseModelInput } from "@/lib/models";
import { extractKey } from "../http/auth";
import type { PlatformEnv } from "../http/env";
import { problem, problems } from "../http/problem";
import { parseJsonText } from "../http/validation";
import type { JobEngine } from "../jobs/engine/engine";
import { handleJobApi } from "../jobs/api/job-api.routes";
import { requireAccess, type JobTarget } from "../jobs/api/job-http";
import { handleOpenAi } from "../jobs/api/openai.routes";
import type { PlatformServices } from "../platform";
import { hostedEndpointId, hostedEndpointRecord } from "./hosted-endpoint";
import { registerRuntime } from "./hosted-runtime";
import { OutputFiles } from "./output-files";

/**
 * Job operations a hosted model answers: every operation of the seed's job API with the slug in
 * place of the endpoint id (so the SDKs' `health()` and `purgeQueue()` work on a model), plus
 * `status-sync` for the JS SDK and `requests` for the console.
 */
const OPERATIONS = new Set([
  "run",
  "runsync",
  "status",
  "status-sync",
  "stream",
  "cancel",
  "retry",
  "purge-queue",
  "health",
  "requests",
]);

const usd = (n: number) => `$${Number(n.toFixed(8))}`;

/**
 * Hosted models on the local platform: `/v2/<model slug>/<job operation>`
 * and `/v2/<slug>/openai/v1/...` for OpenAI-compatible text models, answered by the job engine on
 * the caller's hidden endpoint for that model; and `GET /outputs/<signed token>/output.<ext>`
 * serving generated files. Registered before the job engine's `/v2/<endpoint id>/*` catch-all;
 * `attach` hands over the engine once it exists.
 */
export function registerHostedModels(s: PlatformServices): { attach(e: JobEngine): void } {
  let engine: JobEngine | null = null;
  const files = new OutputFiles(
    s.config.dataDir,
    () => s.config.publicUrl,
    () => s.clock.now(),
  );

  /** 402 before queueing when the account cannot pay for the run (estimated from the input). */
  const checkCredit = async (c: Context<PlatformEnv>, target: JobTarget, slug: string) => {
    const account = await s.accounts.getAccount(target.auth.account.id);
    if (account.balance <= 0) {
      throw problem(
        402,
        `insufficient credit: hosted models need a positive balance, and the account balance is ${usd(account.balance)}`,
      );
    }
    let text = "";
    try {
      text = await c.req.text();
    } catch {
      return;
    }
    let input: unknown;
    try {
      input = (parseJsonText(text) as { input?: unknown } | null | undefined)?.input;
    } catch {
      return; // the job API answers the malformed body
    }
    const parsed = parseModelInput(slug, input);
    if (!parsed.ok) return; // the job fails with the reason, free of charge
    const estimate = findModel(slug)!.cost(parsed.input);
    if (estimate > account.balance) {
      throw problem(
        402,
        `insufficient credit: this run costs ${usd(estimate)} and the account balance is ${usd(account.balance)}`,
      );
    }
  };

  /** 400 for OpenAI bodies the model cannot answer, before a job is queued for them. */
  const checkOpenAiBody = async (c: Context<PlatformEnv>, slug: string, route: string) => {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = parseJsonText(await c.req.text());
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return;
      body = parsed as Record<string, unknown>;
    } catch {
      return; // the relay answers the malformed body
    }
    if (route === "chat/completions" && !Array.isArray(body.messages))
      throw problems.badRequest("Invalid parameter: messages must be a list of chat messages");
    if (route === "completions" && typeof body.prompt !== "string")
      throw problems.badRequest("Invalid parameter: prompt must be a string");
    if (slug === "moonshot-kimi" && body.model !== undefined) {
      const parsed = parseModelInput(slug, { ...exampleInput(slug), model: body.model });
      if (!parsed.ok) throw problems.badRequest(parsed.error);
    }
  };

  const handle = async (c: Context<PlatformEnv>, next: Next): Promise<Response | void> => {
    const segs = c.req.path.split("/").slice(2);
    const slug = segs.shift() ?? "";
    const model = findModel(slug);
    if (!model) return next();
    const e = engine;
    if (!e) throw problem(503, "the job engine is starting");
    const key = extractKey(c.req.header("authorization"), true);
    const auth = await s.accounts.authenticate(key);
    c.set("auth", auth);
    const endpoint = hostedEndpointRecord(
      hostedEndpointId(auth.account.id, slug),
      s.info.instanceId,
    )!;
    const target: JobTarget = { auth, endpoint, key, family: "models" };
    while (segs.length > 0 && segs[segs.length - 1] === "") segs.pop();
    const op = segs[0] ?? "";
    let res: Response | null = null;
    if (op === "openai") {
      if (!model.openaiModel) throw problems.routeNotFound(c.req.method, c.req.path);
      const route = segs.slice(2).join("/");
      if (c.req.method === "POST" && segs[1] === "v1" && route !== "models") {
        requireAccess(target, "write");
        await checkOpenAiBody(c, slug, route);
        await checkCredit(c, target, slug);
      }
      res = await handleOpenAi(c, e, target, segs);
    } else if (OPERATIONS.has(op)) {
      if ((op === "run" || op === "runsync") && c.req.method === "POST" && segs.length === 1) {
        requireAccess(target, "write");
        await checkCredit(c, target, slug);
      }
      res = await handleJobApi(c, e, target, segs);
    }
    if (!res) throw problems.routeNotFound(c.req.method, c.req.path);
    return res;
  };
  s.app.all("/v2/:target", handle);
  s.app.all("/v2/:target/*", handle);

  s.app.get("/outputs/:token/:name", async (c) => {
    const { data, contentType, expiresAt } = await files.open(c.req.param("token"));
    const maxAge = Math.max(0, Math.floor((expiresAt - s.clock.now()) / 1000));
    return new Response(new Uint8Array(data), {
      status: 200,
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(data.length),
        "Cache-Control": `private, max-age=${maxAge}, immutable`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

  return {
    attach(e: JobEngine) {
      engine = e;
      const unregister = registerRuntime(s.info.instanceId, {
        files,
        usage: s.usage,
        timeScale: s.config.models.timeScale,
        log: s.log.child({ module: "hosted-models" }),
      });
      s.onClose(unregister);
    },
  };
}
