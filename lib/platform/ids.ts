import { randomBytes, randomUUID } from "node:crypto";

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function pick(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

export type IdKind =
  | "account"
  | "key"
  | "endpoint"
  | "worker"
  | "pod"
  | "template"
  | "volume"
  | "registry"
  | "cluster"
  | "release"
  | "job"
  | "syncJob"
  | "request";

/** Id formats follow the real service (platform-notes §1.3): 14-char endpoint ids, `<uuid>-u1` jobs… */
export interface Ids {
  next(kind: IdKind): string;
  apiKey(): string;
}

export function createIds(): Ids {
  return {
    next(kind) {
      switch (kind) {
        case "job":
          return `${randomUUID()}-u1`;
        case "syncJob":
          return `sync-${randomUUID()}-u1`;
        case "request":
          return randomUUID();
        case "endpoint":
        case "worker":
        case "pod":
          return pick(ALNUM, 14);
        default:
          return pick(ALNUM, 10);
      }
    },
    // Same look as the real service's keys: a prefix then 40 upper-case alphanumerics.
    apiKey: () => `rpa_${pick(KEY_ALPHABET, 40)}`,
  };
}
