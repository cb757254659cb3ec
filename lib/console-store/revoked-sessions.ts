import type { ConsoleDb } from "./db";

/**
 * Session ids ended by a sign-out. The console's session is a self-contained encrypted cookie, so
 * without this list a copy of the cookie would keep working until it expires. A revocation is kept
 * until `expiresAt` (no cookie carrying the id can be valid later), then pruned.
 */
export interface SessionRevocations {
  /** `reason`: why the console ended it, when it was not a sign-out (e.g. `key-revoked`). */
  revoke(sid: string, expiresAt: number, reason?: string): void;
  isRevoked(sid: string): boolean;
  /** The reason a revoked session was ended with, if one was given. */
  reasonOf(sid: string): string | undefined;
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
  // The first reason stays: a session ended because its key was refused is not re-explained by
  // the sign-out that may follow.
  const insertReason = db.prepare<[string, string, number]>(
    `INSERT INTO revoked_session_reasons (sid, reason, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (sid) DO NOTHING`,
  );
  const findReason = db.prepare<[string, number], { reason: string }>(
    `SELECT reason FROM revoked_session_reasons WHERE sid = ? AND expires_at > ?`,
  );
  const pruneReasons = db.prepare<[number]>(
    `DELETE FROM revoked_session_reasons WHERE expires_at <= ?`,
  );
  return {
    revoke(sid, expiresAt, reason) {
      insert.run(sid, expiresAt);
      if (reason) insertReason.run(sid, reason, expiresAt);
      // Sign-outs are rare, so pruning on each one keeps the table small without a timer.
      prune.run(now());
      pruneReasons.run(now());
    },
    isRevoked(sid) {
      return find.get(sid, now()) !== undefined;
    },
    reasonOf(sid) {
      return findReason.get(sid, now())?.reason;
    },
    prune() {
      pruneReasons.run(now());
      return prune.run(now()).changes;
    },
  };
}
