import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { problem } from "../http/problem";

/** Outputs live 7 days after generation, as on the real service (platform-notes §5.1). */
export const OUTPUT_LIFETIME_MS = 7 * 24 * 3600 * 1000;

const CONTENT_TYPES = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  wav: "audio/wav",
  webm: "video/webm",
} as const;

export type OutputExtension = keyof typeof CONTENT_TYPES;

export function contentTypeOf(ext: OutputExtension): string {
  return CONTENT_TYPES[ext];
}

/** `<file id>.<expiry ms>.<extension>.<signature>`. */
const TOKEN = new RegExp(
  `^([0-9a-f]{32})\\.(\\d{1,15})\\.(${Object.keys(CONTENT_TYPES).join("|")})\\.([A-Za-z0-9_-]{43})$`,
);
/** Hour of platform time between two sweeps of expired files. */
const SWEEP_EVERY_MS = 3600 * 1000;

/**
 * Generated files of hosted models, kept in `<PLATFORM_DATA_DIR>/model-outputs/` and served at
 * `<public URL>/outputs/<token>/output.<ext>`. The token names the file and its expiry and is
 * signed with HMAC-SHA256 under a secret kept in `<PLATFORM_DATA_DIR>/output-signing-key`
 * (created on first use, mode 0600; instances sharing a data dir share it). A changed token is
 * not found (404); a genuine one past its expiry is gone (410) and its file is deleted.
 */
export class OutputFiles {
  private secret: Buffer | null = null;
  private lastSweep = 0;

  constructor(
    private readonly dataDir: string,
    private readonly publicUrl: () => string,
    private readonly now: () => number,
  ) {}

  private get dir(): string {
    return path.join(this.dataDir, "model-outputs");
  }

  private async key(): Promise<Buffer> {
    if (this.secret) return this.secret;
    const file = path.join(this.dataDir, "output-signing-key");
    await fs.mkdir(this.dataDir, { recursive: true });
    try {
      await fs.writeFile(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const text = (await fs.readFile(file, "utf8")).trim();
    this.secret = Buffer.from(text, "hex");
    return this.secret;
  }

  private async sign(payload: string): Promise<string> {
    return createHmac("sha256", await this.key())
      .update(payload)
      .digest("base64url");
  }

  private fileOf(id: string, expires: number, ext: string): string {
    return path.join(this.dir, `${expires}-${id}.${ext}`);
  }

  /** Stores `data` and answers its signed URL, valid for 7 days of platform time. */
  async save(data: Buffer, ext: OutputExtension): Promise<{ url: string; expiresAt: number }> {
    const id = randomUUID().replace(/-/g, "");
    const now = this.now();
    const expires = now + OUTPUT_LIFETIME_MS;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(this.fileOf(id, expires, ext), data);
    const payload = `${id}.${expires}.${ext}`;
    const token = `${payload}.${await this.sign(payload)}`;
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      void this.sweep(now).catch(() => undefined);
    }
    return { url: `${this.publicUrl()}/outputs/${token}/output.${ext}`, expiresAt: expires };
  }

  /** The file a token names, or the 404/410 problem. */
  async open(token: string): Promise<{ data: Buffer; contentType: string; expiresAt: number }> {
    const m = TOKEN.exec(token);
    const notFound = () =>
      problem(404, "output not found: the link is malformed or was changed (links are signed)");
    if (!m) throw notFound();
    const [, id = "", exp = "", ext = "", sig = ""] = m;
    const contentType = contentTypeOf(ext as OutputExtension); // TOKEN admits only these
    const expected = Buffer.from(await this.sign(`${id}.${exp}.${ext}`));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
    const expires = Number(exp);
    const file = this.fileOf(id, expires, ext);
    if (this.now() >= expires) {
      await fs.rm(file, { force: true });
      throw problem(
        410,
        `output expired at ${new Date(expires).toISOString()}: hosted-model outputs are kept 7 days after generation`,
      );
    }
    try {
      return { data: await fs.readFile(file), contentType, expiresAt: expires };
    } catch {
      throw problem(404, "output not found: the file is no longer stored");
    }
  }

  /** Deletes files past their expiry (their names start with it). */
  async sweep(now: number): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const expires = Number(name.split("-")[0]);
      if (Number.isFinite(expires) && expires <= now)
        await fs.rm(path.join(this.dir, name), { force: true });
    }
  }
}
