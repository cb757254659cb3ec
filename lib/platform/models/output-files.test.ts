import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PlatformError } from "../http/problem";
import { syntheticSpeech, wavSeconds } from "./synth/audio";
import { hostedEndpointId, hostedEndpointRecord, parseHostedEndpointId } from "./hosted-endpoint";
import { OUTPUT_LIFETIME_MS, OutputFiles } from "./output-files";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function store(now: { t: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-outputs-"));
  dirs.push(dir);
  return {
    dir,
    files: new OutputFiles(
      dir,
      () => "http://platform.test",
      () => now.t,
    ),
  };
}

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof PlatformError) return err.status;
    throw err;
  }
}

describe("signed output files", () => {
  it("serve a saved file by its token until 7 days after saving, then answer 410 and delete it", async () => {
    const now = { t: Date.UTC(2026, 0, 1) };
    const { dir, files } = store(now);
    const { url, expiresAt } = await files.save(Buffer.from("png bytes"), "png");
    expect(expiresAt).toBe(now.t + OUTPUT_LIFETIME_MS);
    expect(url).toMatch(/^http:\/\/platform\.test\/outputs\/[^/]+\/output\.png$/);
    const token = url.split("/")[4]!;
    const opened = await files.open(token);
    expect(opened.data.toString()).toBe("png bytes");
    expect(opened.contentType).toBe("image/png");
    expect(fs.statSync(path.join(dir, "output-signing-key")).mode & 0o777).toBe(0o600);

    now.t = expiresAt - 1;
    expect(await statusOf(files.open(token))).toBe(200);
    now.t = expiresAt;
    expect(await statusOf(files.open(token))).toBe(410);
    expect(fs.readdirSync(path.join(dir, "model-outputs"))).toEqual([]);
  });

  it("answer 404 for a malformed token, a changed signature, expiry or extension", async () => {
    const now = { t: Date.UTC(2026, 0, 1) };
    const { files } = store(now);
    const { url } = await files.save(Buffer.from("x"), "webp");
    const token = url.split("/")[4]!;
    const [id, exp, ext, sig] = token.split(".") as [string, string, string, string];
    for (const bad of [
      "nonsense",
      `${id}.${exp}.${ext}.${sig.slice(0, -1)}${sig.endsWith("a") ? "b" : "a"}`,
      `${id}.${Number(exp) + 1}.${ext}.${sig}`,
      `${id}.${exp}.png.${sig}`,
    ]) {
      expect(await statusOf(files.open(bad))).toBe(404);
    }
  });

  it("another data dir has another secret: its tokens do not open here", async () => {
    const now = { t: Date.UTC(2026, 0, 1) };
    const a = store(now);
    const b = store(now);
    const { url } = await a.files.save(Buffer.from("x"), "wav");
    expect(await statusOf(b.files.open(url.split("/")[4]!))).toBe(404);
  });
});

describe("hosted endpoints and synthetic speech", () => {
  it("a hosted endpoint id round-trips to its account and model, and nothing else parses", () => {
    const id = hostedEndpointId("acc123", "chatterbox-turbo");
    expect(parseHostedEndpointId(id)).toEqual({ accountId: "acc123", slug: "chatterbox-turbo" });
    expect(parseHostedEndpointId("jpnw0v75y3qoql")).toBeNull();
    expect(parseHostedEndpointId("model.acc123.not-a-model")).toBeNull();
    expect(hostedEndpointRecord(id, "instance")).toMatchObject({
      accountId: "acc123",
      type: "QUEUE",
      image: "hangar/hosted-model:chatterbox-turbo",
    });
  });

  it("speech is a PCM WAV of exactly the requested length, the same for the same key", () => {
    const a = syntheticSpeech("hello", 2.5);
    expect(a.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(a.subarray(8, 12).toString("ascii")).toBe("WAVE");
    expect(wavSeconds(a)).toBe(2.5);
    expect(syntheticSpeech("hello", 2.5).equals(a)).toBe(true);
    expect(syntheticSpeech("other", 2.5).equals(a)).toBe(false);
  });
});
