import { z } from "zod";

// Account: `/v2/account/ssh-keys`. Keys affect only pods created later with `startSsh`.

/** OpenSSH public key line: `<type> <base64> [comment]`, type starting ssh-, ecdsa- or sk-. */
export const SshPublicKey = z
  .string()
  .regex(
    /^(ssh|ecdsa|sk)-[^\s]+ [^\s]+([ \t][^\n\r]*)?$/,
    "must be an OpenSSH public key, e.g. ssh-ed25519 AAAA… me@host",
  );
export type SshPublicKey = z.infer<typeof SshPublicKey>;

export const SshKeys = z.object({ keys: z.array(z.string()) }).meta({ id: "SshKeys" });
export type SshKeys = z.infer<typeof SshKeys>;

/** PUT replaces the whole list; `[]` clears it. */
export const UpdateSshKeysInput = z
  .strictObject({ keys: z.array(SshPublicKey) })
  .meta({ id: "UpdateSshKeysRequest" });
export type UpdateSshKeysInput = z.infer<typeof UpdateSshKeysInput>;

/**
 * One key to add or remove (the console edits the list a key at a time; the API replaces it whole).
 * Surrounding whitespace is dropped: a key pasted from a `.pub` file ends with a newline.
 */
export const SshKeyEntryInput = z.strictObject({ key: z.string().trim().pipe(SshPublicKey) });
export type SshKeyEntryInput = z.infer<typeof SshKeyEntryInput>;
