import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ImageModelOutput } from "@/lib/schemas/hosted-models";
import { describeEachBackend } from "./support/backends";
import { balance, body } from "./support/compute";
import { problemOf } from "./support/problems";
import {
  advance,
  advanceUntil,
  jobApi,
  run,
  startManualPlatform,
  status,
  type JobsPlatform,
} from "./support/jobs";

const FLUX_DEV = "black-forest-labs-flux-1-dev";
const FLUX_SCHNELL = "black-forest-labs-flux-1-schnell";
const DAY = 24 * 3600 * 1000;

/** Outputs, billing, credit, the OpenAI route and s3Config of hosted models. */
describeEachBackend("hosted models on the local platform", (backend) => {
  let tp: JobsPlatform;
  beforeAll(async () => {
    tp = await startManualPlatform(backend);
  });
  afterAll(async () => tp?.close());

  /** A fresh account with its own key and balance, so each test reads only its own money. */
  async function account(balanceUsd = 100): Promise<string> {
    const res = await body<{ key: { key: string } }>(
      await tp.request("/_platform/accounts", {
        method: "POST",
        json: { name: `models-${Math.random().toString(36).slice(2, 8)}`, balance: balanceUsd },
      }),
      201,
    );
    return res.key.key;
  }

  async function runWith(key: string, slug: string, input: unknown, extra: object = {}) {
    const r = await jobApi(tp, slug, "/run", {
      method: "POST",
      auth: key,
      json: { input, ...extra },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  }

  const statusWith = async (key: string, slug: string, id: string) =>
    (await jobApi(tp, slug, `/status/${id}`, { auth: key })).body;

  it("output links are signed: served while fresh, 410 seven days after generation, 404 when changed", async () => {
    const id = await run(tp, FLUX_SCHNELL, { prompt: "a boat", width: 256, height: 256 });
    await advance(tp, 30_000);
    const { image_url } = ImageModelOutput.parse((await status(tp, FLUX_SCHNELL, id)).body.output);
    expect(image_url.startsWith(`${tp.url}/outputs/`)).toBe(true);
    // No key needed: the link itself is the credential.
    expect((await fetch(image_url)).status).toBe(200);

    const token = new URL(image_url).pathname.split("/")[2]!;
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const tampered = image_url.replace(token, flipped);
    const p404 = await problemOf(await fetch(tampered), 404);
    expect(p404.detail).toMatch(/not found/);
    // A later expiry with the old signature is a changed link too.
    const [fileId, exp] = token.split(".");
    const extended = image_url.replace(`${fileId}.${exp}.`, `${fileId}.${Number(exp) + DAY}.`);
    await problemOf(await fetch(extended), 404);

    await advance(tp, 7 * DAY - 60_000);
    expect((await fetch(image_url)).status).toBe(200);
    await advance(tp, 60_000);
    const gone = await problemOf(await fetch(image_url), 410);
    expect(gone.detail).toMatch(/expired .* kept 7 days after generation/);
  });

  it("output links keep working after a restart (the signing key and files live in the data dir)", async () => {
    const own = await startManualPlatform(backend);
    let again: Awaited<ReturnType<typeof own.restart>> | undefined;
    try {
      const id = await run(own, FLUX_SCHNELL, { prompt: "a mill", width: 256, height: 256 });
      await advance(own, 30_000);
      const { image_url } = ImageModelOutput.parse(
        (await status(own, FLUX_SCHNELL, id)).body.output,
      );
      again = await own.restart();
      const res = await fetch(image_url.replace(own.url, again.url));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
    } finally {
      await again?.close();
      await own.close(); // removes the data dir and schema the restarted platform reused
    }
  });

  it("each run's cost is charged to the balance and appears in billing as hosted-model spend", async () => {
    const key = await account(100);
    const id = await runWith(key, FLUX_DEV, { prompt: "a castle", width: 1024, height: 1024 });
    await advance(tp, 60_000);
    expect((await statusWith(key, FLUX_DEV, id)).output).toMatchObject({ cost: 0.02097152 });
    expect(await balance(tp, key)).toBeCloseTo(100 - 0.02097152, 9);
    const endpoints = await body<{ metadata: { totals: { totalAmount: number } } }>(
      await tp.request("/v2/billing/endpoints?bucketSize=day&lastN=2", { auth: key }),
      200,
    );
    expect(endpoints.metadata.totals.totalAmount).toBeCloseTo(0.02097152, 9);
    const all = await body<{
      metadata: { totals: { endpointAmount: number; totalAmount: number } };
    }>(await tp.request("/v2/billing?bucketSize=day&lastN=2", { auth: key }), 200);
    expect(all.metadata.totals).toMatchObject({
      endpointAmount: 0.02097152,
      totalAmount: 0.02097152,
    });
  });

  it("an account without credit gets 402 with a clear reason, and nothing is queued or charged", async () => {
    const broke = await account(0);
    const r = await tp.request(`/v2/${FLUX_DEV}/run`, {
      method: "POST",
      auth: broke,
      json: { input: { prompt: "a castle" } },
    });
    const p = await problemOf(r, 402);
    expect(p.detail).toBe(
      "insufficient credit: hosted models need a positive balance, and the account balance is $0",
    );
    const poor = await account(0.01);
    const r2 = await tp.request(`/v2/${FLUX_DEV}/runsync`, {
      method: "POST",
      auth: poor,
      json: { input: { prompt: "a castle" } },
    });
    expect((await problemOf(r2, 402)).detail).toBe(
      "insufficient credit: this run costs $0.02097152 and the account balance is $0.01",
    );
    expect(await balance(tp, poor)).toBe(0.01);
  });

  it("the OpenAI-compatible route streams tokens as server-sent events before the job ends, then usage and [DONE]", async () => {
    const key = await account(10);
    const before = await balance(tp, key);
    const res = await tp.request("/v2/qwen3-32b-awq/openai/v1/chat/completions", {
      method: "POST",
      auth: key,
      json: {
        model: "Qwen/Qwen3-32B-AWQ",
        messages: [{ role: "user", content: "Say hello" }],
        max_tokens: 16,
        stream: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    await advance(tp, 100); // one batch of tokens
    const first = decoder.decode((await reader.read()).value);
    const event = JSON.parse(first.split("\n")[0]!.replace(/^data: /, "")) as {
      id: string;
      choices: { delta: { content: string } }[];
    };
    expect(event.choices[0]!.delta.content.length).toBeGreaterThan(0);
    const jobId = event.id.replace(/^chatcmpl-/, "");
    expect((await statusWith(key, "qwen3-32b-awq", jobId)).status).toBe("IN_PROGRESS");

    await advance(tp, 60_000);
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    const events = (first + rest)
      .split("\n\n")
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ""));
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as Record<string, unknown>);
    const usage = chunks.at(-1)!.usage as { completion_tokens: number; prompt_tokens: number };
    expect(usage).toMatchObject({ completion_tokens: 16, total_tokens: usage.prompt_tokens + 16 });
    const text = chunks
      .flatMap((c) =>
        (c.choices as { delta: { content?: string } }[]).map((x) => x.delta.content ?? ""),
      )
      .join("");
    expect(text).toContain("local platform");
    const cost = Math.round(((usage.prompt_tokens + 16) / 1e6) * 10 * 1e8) / 1e8;
    expect(await balance(tp, key)).toBeCloseTo(before - cost, 9);
  });

  it("the OpenAI route answers a whole chat completion without stream, lists the model and refuses bodies it cannot answer", async () => {
    const pending = tp.request("/v2/moonshot-kimi/openai/v1/chat/completions", {
      method: "POST",
      json: { model: "kimi-k3", messages: [{ role: "user", content: "Hi" }], max_tokens: 8 },
    });
    const completion = await body<Record<string, unknown>>(await advanceUntil(tp, pending), 200);
    expect(completion).toMatchObject({
      object: "chat.completion",
      model: "kimi-k3",
      choices: [{ message: { role: "assistant" }, finish_reason: "stop" }],
      usage: { completion_tokens: 8 },
    });
    const models = await body<{ data: { id: string }[] }>(
      await tp.request("/v2/moonshot-kimi/openai/v1/models"),
      200,
    );
    expect(models.data.map((m) => m.id)).toEqual(["kimi-k2.6"]);
    // Bodies the model cannot answer are refused before anything is queued.
    const unknownModel = await tp.request("/v2/moonshot-kimi/openai/v1/chat/completions", {
      method: "POST",
      json: { model: "kimi-k9", messages: [{ role: "user", content: "Hi" }] },
    });
    expect((await problemOf(unknownModel, 400)).detail).toMatch(/^Invalid parameter: model/);
    const noMessages = await tp.request("/v2/qwen3-32b-awq/openai/v1/chat/completions", {
      method: "POST",
      json: { model: "Qwen/Qwen3-32B-AWQ" },
    });
    expect((await problemOf(noMessages, 400)).detail).toBe(
      "Invalid parameter: messages must be a list of chat messages",
    );
    // Granite has no OpenAI route.
    expect((await tp.request("/v2/granite-4-0-h-small/openai/v1/models")).status).toBe(404);
  });

  it("with s3Config the output is uploaded to the bucket with a SigV4-signed PUT and that URL is returned", async () => {
    const s3 = await startS3Capture({ accessId: "AKIDLOCAL", secret: "local-secret" });
    try {
      const id = await run(
        tp,
        FLUX_SCHNELL,
        { prompt: "a barn", width: 320, height: 256, image_format: "png" },
        {
          s3Config: {
            accessId: "AKIDLOCAL",
            accessSecret: "local-secret",
            bucketName: "renders",
            endpointUrl: s3.url,
            objectPath: "hangar/tests",
          },
        },
      );
      await advance(tp, 30_000);
      const done = (await status(tp, FLUX_SCHNELL, id)).body;
      expect(done.status, JSON.stringify(done)).toBe("COMPLETED");
      const { image_url } = ImageModelOutput.parse(done.output);
      expect(image_url).toBe(`${s3.url}/renders/hangar/tests/${id}/output.png`);
      expect(s3.puts).toHaveLength(1);
      const put = s3.puts[0]!;
      expect(put.path).toBe(`/renders/hangar/tests/${id}/output.png`);
      expect(put.contentType).toBe("image/png");
      expect(put.signatureValid).toBe(true);
      const meta = await sharp(put.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 256]);

      // A bucket that refuses the upload fails the job with the reason; nothing is charged.
      const key = await account(5);
      const bad = await runWith(
        key,
        FLUX_SCHNELL,
        { prompt: "a barn", width: 256, height: 256 },
        {
          s3Config: {
            accessId: "AKIDLOCAL",
            accessSecret: "wrong-secret",
            bucketName: "renders",
            endpointUrl: s3.url,
          },
        },
      );
      await advance(tp, 30_000);
      const failed = await statusWith(key, FLUX_SCHNELL, bad);
      expect(failed.status).toBe("FAILED");
      expect(failed.error).toMatch(/could not upload the output to the s3Config bucket/);
      expect(await balance(tp, key)).toBe(5);
    } finally {
      await s3.close();
    }
  });

  it("hosted models run on hidden endpoints: not listed, not reachable by id, and guarded by the models permission", async () => {
    const key = await account(5);
    const id = await runWith(key, FLUX_SCHNELL, { prompt: "x", width: 256, height: 256 });
    await advance(tp, 30_000);
    expect((await statusWith(key, FLUX_SCHNELL, id)).status).toBe("COMPLETED");
    const list = await body<{ endpoints: unknown[] }>(
      await tp.request("/v2/serverless", { auth: key }),
      200,
    );
    expect(list.endpoints).toEqual([]);
    const who = await body<{ account: { id: string } }>(
      await tp.request("/_platform/whoami", { auth: key }),
      200,
    );
    const hidden = `model.${who.account.id}.${FLUX_SCHNELL}`;
    expect((await jobApi(tp, hidden, `/status/${id}`, { auth: key })).status).toBe(404);
    // Another account does not see the job.
    expect((await status(tp, FLUX_SCHNELL, id)).status).toBe(404);

    const created = await body<{ key: string }>(
      await tp.request("/_platform/keys", {
        method: "POST",
        auth: key,
        json: {
          name: "no-models",
          permission: { type: "restricted", families: { serverless: "write" } },
        },
      }),
      201,
    );
    const denied = await jobApi(tp, FLUX_SCHNELL, "/run", {
      method: "POST",
      auth: created.key,
      json: { input: { prompt: "x" } },
    });
    expect(denied.status).toBe(403);
  });
});

interface CapturedPut {
  path: string;
  contentType: string | undefined;
  body: Buffer;
  /** The Authorization header is AWS4-HMAC-SHA256 and its signature verifies with the secret. */
  signatureValid: boolean;
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac("sha256", key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Recomputes an AWS Signature Version 4 from the request as received (S3 rules: no double encoding). */
function verifySigV4(
  req: IncomingMessage,
  payload: Buffer,
  accessId: string,
  secret: string,
): boolean {
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? "",
    );
  if (!m) return false;
  const [, id, date, region, signed, signature] = m as unknown as string[];
  if (id !== accessId) return false;
  const url = new URL(req.url ?? "/", "http://s3.local");
  const hash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (hash !== "UNSIGNED-PAYLOAD" && hash !== sha256(payload)) return false;
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const names = signed!.split(";");
  const headers = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [req.method, url.pathname, query, headers, signed, hash].join("\n");
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  let k = hmac(`AWS4${secret}`, date!);
  for (const part of [region!, "s3", "aws4_request"]) k = hmac(k, part);
  return createHmac("sha256", k).update(toSign).digest("hex") === signature;
}

/**
 * A stand-in S3 bucket on 127.0.0.1: accepts PutObject when the SigV4 signature verifies with
 * the given secret (403 SignatureDoesNotMatch otherwise) and records what was stored.
 */
async function startS3Capture(creds: { accessId: string; secret: string }) {
  const puts: CapturedPut[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (d: Buffer) => parts.push(d));
    req.on("end", () => {
      const payload = Buffer.concat(parts);
      const valid = verifySigV4(req, payload, creds.accessId, creds.secret);
      if (req.method !== "PUT" || !valid) {
        res.writeHead(403, { "content-type": "application/xml" });
        res.end(
          '<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
        );
        return;
      }
      puts.push({
        path: new URL(req.url ?? "/", "http://s3.local").pathname,
        contentType: req.headers["content-type"],
        body: payload,
        signatureValid: valid,
      });
      res.writeHead(200, { ETag: `"${createHash("md5").update(payload).digest("hex")}"` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    puts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
