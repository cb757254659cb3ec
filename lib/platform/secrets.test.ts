import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  SEALED_PREFIX,
  SecretsError,
  createSecretBox,
  decodeSecretsKey,
  isSealed,
  loadSecretsKey,
} from "./secrets";

const box = createSecretBox(randomBytes(32));
const SECRET = "s3cr3t-PASSWORD-value ✓";

/** Changes one character of the sealed value's part `index` (0 key id, 1 iv, 2 tag, 3 data). */
function tamper(sealed: string, index: number): string {
  const parts = sealed.slice(SEALED_PREFIX.length).split(":");
  const part = parts[index]!;
  parts[index] = (part[0] === "A" ? "B" : "A") + part.slice(1);
  return SEALED_PREFIX + parts.join(":");
}

describe("secret box", () => {
  it("seals to enc:v1:<key id>:… and opens to the same text", () => {
    const sealed = box.seal(SECRET);
    expect(sealed.startsWith(`${SEALED_PREFIX}${box.keyId}:`)).toBe(true);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("s3cr3t");
    expect(box.open(sealed)).toBe(SECRET);
    expect(box.open(box.seal(""))).toBe("");
  });

  it("uses a fresh IV per value: the same text seals differently each time", () => {
    expect(box.seal(SECRET)).not.toBe(box.seal(SECRET));
  });

  it("returns legacy plaintext (no prefix) as it is", () => {
    expect(isSealed("hunter2")).toBe(false);
    expect(box.open("hunter2")).toBe("hunter2");
  });

  it.each([
    ["the ciphertext", 3],
    ["the tag", 2],
    ["the IV", 1],
  ])("a changed value (%s) is a SecretsError, never wrong plaintext", (_what, index) => {
    const sealed = box.seal(SECRET);
    expect(() => box.open(tamper(sealed, index))).toThrow(SecretsError);
  });

  it("a malformed sealed value is a SecretsError", () => {
    expect(() => box.open(`${SEALED_PREFIX}${box.keyId}:abc`)).toThrow(/malformed/);
    expect(() => box.open(`${SEALED_PREFIX}${box.keyId}:a:b:c:d`)).toThrow(/malformed/);
  });

  it("another key cannot open it and says which keys differ", () => {
    const other = createSecretBox(randomBytes(32));
    const sealed = box.seal(SECRET);
    expect(() => other.open(sealed)).toThrow(SecretsError);
    expect(() => other.open(sealed)).toThrow(
      `encrypted with secrets key ${box.keyId}, but this instance's key is ${other.keyId}`,
    );
  });

  it("a changed key id is refused as well (it is authenticated)", () => {
    const sealed = box.seal(SECRET);
    const forged = sealed.replace(`${SEALED_PREFIX}${box.keyId}`, `${SEALED_PREFIX}00000000`);
    expect(() => box.open(forged)).toThrow(SecretsError);
  });
});

describe("secrets key", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "hangar-secrets-"));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("PLATFORM_SECRETS_KEY takes base64 of 32 bytes, and nothing else", () => {
    const key = randomBytes(32);
    expect(decodeSecretsKey(key.toString("base64")).equals(key)).toBe(true);
    expect(decodeSecretsKey(key.toString("base64url")).equals(key)).toBe(true);
    expect(() => decodeSecretsKey(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
    expect(() => decodeSecretsKey("not a key!")).toThrow(/32 bytes/);
  });

  it("a configured key wins; no file is written", () => {
    const dir = tmp();
    const key = randomBytes(32);
    expect(loadSecretsKey({ key, dataDir: dir }).equals(key)).toBe(true);
    expect(fs.existsSync(path.join(dir, "secrets-key"))).toBe(false);
  });

  it("without one, a key is generated once into <dataDir>/secrets-key (0600) and reused", () => {
    const dir = path.join(tmp(), "nested");
    const first = loadSecretsKey({ key: undefined, dataDir: dir });
    const file = path.join(dir, "secrets-key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey({ key: undefined, dataDir: dir }).equals(first)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(["secrets-key"]);
  });

  it("a damaged key file stops the start with its path", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "secrets-key"), "short\n");
    expect(() => loadSecretsKey({ key: undefined, dataDir: dir })).toThrow(/secrets-key/);
  });
});
