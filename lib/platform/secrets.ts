import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Secrets the platform stores and needs in clear again later (registry credential passwords) are
 * kept encrypted with AES-256-GCM: `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts, a
 * random 12-byte IV per value). The prefix tells sealed values from plaintext rows written before
 * encryption existed; those are sealed at start (`sealPlaintextRegistryPasswords`). The key id (a
 * hash prefix of the key, not secret) lets an instance with another key say so instead of failing
 * opaquely.
 *
 * The key: `PLATFORM_SECRETS_KEY` (base64, 32 bytes), else `<PLATFORM_DATA_DIR>/secrets-key`
 * (created on first start, mode 0600). Instances sharing one PostgreSQL must share the key.
 */
export const SEALED_PREFIX = "enc:v1:";
export const SECRETS_KEY_FILE = "secrets-key";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret that cannot be opened (another key, or a changed value). */
export class SecretsError extends Error {}

export interface SecretBox {
  /** A short, non-secret fingerprint of the key (the `<key id>` part of sealed values). */
  readonly keyId: string;
  seal(plaintext: string): string;
  /** The plaintext of a sealed value; a value without the prefix is legacy plaintext and returned as is. */
  open(stored: string): string;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("hangar-secrets-key-id").update(key).digest("hex").slice(0, 8);
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`a secrets key is ${KEY_BYTES} bytes`);
  const keyId = keyIdOf(key);
  // The prefix and key id are authenticated too, so no part of a sealed value can be swapped.
  const aad = Buffer.from(`${SEALED_PREFIX}${keyId}`);
  return {
    keyId,
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"));
      return `${SEALED_PREFIX}${keyId}:${parts.join(":")}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [id, iv, tag, data, ...rest] = stored.slice(SEALED_PREFIX.length).split(":");
      if (
        id === undefined ||
        iv === undefined ||
        tag === undefined ||
        data === undefined ||
        rest.length > 0
      )
        throw new SecretsError(
          "a stored secret is malformed (not enc:v1:<key id>:<iv>:<tag>:<data>)",
        );
      if (id !== keyId) {
        throw new SecretsError(
          `a stored secret was encrypted with secrets key ${id}, but this instance's key is ${keyId}: ` +
            "every instance sharing the database needs the same PLATFORM_SECRETS_KEY (or the same secrets-key file)",
        );
      }
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new SecretsError("a stored secret is malformed (bad IV or tag length)");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
        decipher.setAAD(aad);
        decipher.setAuthTag(tagBytes);
        const plain = Buffer.concat([
          decipher.update(Buffer.from(data, "base64url")),
          decipher.final(),
        ]);
        return plain.toString("utf8");
      } catch {
        throw new SecretsError(
          `a stored secret failed authentication with secrets key ${keyId}: it was changed or corrupted`,
        );
      }
    },
  };
}

/** `PLATFORM_SECRETS_KEY`'s value: base64 (or base64url) of exactly 32 bytes. */
export function decodeSecretsKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `PLATFORM_SECRETS_KEY must be ${KEY_BYTES} bytes in base64 (e.g. \`openssl rand -base64 32\`), got ${key.length} bytes`,
    );
  }
  return key;
}

/**
 * The configured key, else the data folder's `secrets-key` file, created on first use (mode 0600).
 * It is written aside and linked into place, so instances starting together on one folder agree on
 * one key and never read a half-written file.
 */
export function loadSecretsKey(options: { key: Buffer | undefined; dataDir: string }): Buffer {
  if (options.key) return options.key;
  const file = path.join(options.dataDir, SECRETS_KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  try {
    return decodeSecretsKey(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(
      `${file}: ${(err as Error).message.replace("PLATFORM_SECRETS_KEY", "the file")}`,
    );
  }
}
