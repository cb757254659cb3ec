import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openConsoleDb } from "./db";
import { createSessionRevocations, type SessionRevocations } from "./revoked-sessions";

let dir: string;
let now: number;
let revocations: SessionRevocations;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hangar-revoked-"));
  now = 1_000_000;
  revocations = createSessionRevocations(openConsoleDb(dir), () => now);
});
afterEach(() => {
  openConsoleDb(dir).close();
  rmSync(dir, { recursive: true, force: true });
});

const count = () =>
  (openConsoleDb(dir).prepare("SELECT count(*) AS n FROM revoked_sessions").get() as { n: number })
    .n;

describe("session revocations", () => {
  it("keeps the first reason a session was ended with, until its expiry; a sign-out has none", () => {
    revocations.revoke("sid-a", now + 60_000, "key-revoked");
    revocations.revoke("sid-a", now + 60_000); // the sign-out that may follow
    revocations.revoke("sid-b", now + 60_000);
    expect(revocations.reasonOf("sid-a")).toBe("key-revoked");
    expect(revocations.reasonOf("sid-b")).toBeUndefined();
    now += 60_000;
    expect(revocations.reasonOf("sid-a")).toBeUndefined();
  });

  it("a revoked id is refused until its expiry; other ids never are", () => {
    revocations.revoke("sid-a", now + 60_000);
    expect(revocations.isRevoked("sid-a")).toBe(true);
    expect(revocations.isRevoked("sid-b")).toBe(false);
    now += 59_999;
    expect(revocations.isRevoked("sid-a")).toBe(true);
    now += 1;
    expect(revocations.isRevoked("sid-a")).toBe(false);
  });

  it("outlives the process: a new connection to the same folder still refuses the id", () => {
    revocations.revoke("sid-a", now + 60_000);
    openConsoleDb(dir).close();
    expect(createSessionRevocations(openConsoleDb(dir), () => now).isRevoked("sid-a")).toBe(true);
  });

  it("revoking an id again keeps the later expiry", () => {
    revocations.revoke("sid-a", now + 60_000);
    revocations.revoke("sid-a", now + 1_000);
    now += 30_000;
    expect(revocations.isRevoked("sid-a")).toBe(true);
  });

  it("prune deletes only expired revocations, and each sign-out prunes", () => {
    revocations.revoke("old", now + 1_000);
    revocations.revoke("new", now + 60_000);
    now += 1_000;
    expect(revocations.prune()).toBe(1);
    expect(count()).toBe(1);
    expect(revocations.isRevoked("new")).toBe(true);

    now += 60_000; // "new" expired too
    revocations.revoke("newest", now + 60_000);
    expect(count()).toBe(1);
    expect(revocations.isRevoked("newest")).toBe(true);
  });
});
