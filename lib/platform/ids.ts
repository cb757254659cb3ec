import { randomBytes, randomUUID } from "node:crypto";

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function pick(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

/**
 * A UUID in the service's (version 4) shape whose first 48 bits are the wall clock in ms, the
 * other 74 random: ids made later sort later, so a new job's primary-key entry lands at the end of
 * the index instead of on a random page of it. With a million retained jobs, random keys dirtied
 * (and, on PostgreSQL, wrote in full to the WAL after each checkpoint) a different index page per
 * job; on SQLite each group commit wrote one such page per job.
 */
export function timeOrderedUuid(now = Date.now()): string {
  const t = now.toString(16).padStart(12, "0").slice(-12);
  return `${t.slice(0, 8)}-${t.slice(8, 12)}${randomUUID().slice(13)}`;
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
          return `${timeOrderedUuid()}-u1`;
        case "syncJob":
          return `sync-${timeOrderedUuid()}-u1`;
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
