import { describe, expect, it } from "vitest";
import { UpdateSshKeysInput } from "./account";
import { failedPaths } from "./test-helpers";

describe("UpdateSshKeysInput", () => {
  it.each([
    ["an empty list (clears)", { keys: [] }],
    [
      "an ed25519 key with comment",
      { keys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM me@example.com"] },
    ],
    ["an ecdsa key without comment", { keys: ["ecdsa-sha2-nistp256 AAAAE2VjZHNh"] }],
    ["a security-key key", { keys: ["sk-ssh-ed25519@openssh.com AAAAGnNr"] }],
  ])("UpdateSshKeysInput – accepts %s", (_, body) => {
    expect(failedPaths(UpdateSshKeysInput, body)).toEqual([]);
  });

  it.each([
    ["a key without its type", { keys: ["AAAAC3NzaC1lZDI1NTE5"] }, "keys.0"],
    ["a private key", { keys: ["-----BEGIN OPENSSH PRIVATE KEY-----"] }, "keys.0"],
    ["a key spanning two lines", { keys: ["ssh-rsa AAAA a\nssh-rsa BBBB b"] }, "keys.0"],
    ["a missing keys", {}, "keys"],
    ["an extra property", { keys: [], replace: true }, "replace"],
  ])("UpdateSshKeysInput – rejects %s", (_, body, path) => {
    expect(failedPaths(UpdateSshKeysInput, body)).toContain(path);
  });
});
