import type { ConsoleDb } from "./db";

/**
 * Session ids ended by a sign-out. The console's session is a self-contained encrypted cookie, so
 * without this list a copy of the cookie would keep working until it expires. A revocation is kept
 * until `expiresAt` (no cookie carrying the id can be valid later), then pruned.
 */
export interface SessionRevocations {
  revoke(sid: string, expiresAt: number): void;
  isRevoked(sid: string): boolean;
  /** Deletes revocations past their expiry; answers how many. */
  prune(): number;
}

export function createSessionRevocations(
  db: ConsoleDb,
  now: () => number = Date.now,
): SessionRevocations {
  const insert = db.prepare<[string, number]>(
    `INSERT INTO revoked_sessions (sid, expires_at) VALUES (?, ?)
     ON CONFLICT (sid) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
  );
  const find = db.prepare<[string, number], { one: number }>(
    `SELECT 1 AS one FROM revoked_sessions WHERE sid = ? AND expires_at > ?`,
  );
  const prune = db.prepare<[number]>(`DELETE FROM revoked_sessions WHERE expires_at <= ?`);
  return {
    revoke(sid, expiresAt) {
      insert.run(sid, expiresAt);
      // Sign-outs are rare, so pruning on each one keeps the table small without a timer.
      prune.run(now());
    },
    isRevoked(sid) {
      return find.get(sid, now()) !== undefined;
    },
    prune() {
      return prune.run(now()).changes;
    },
  };
}
