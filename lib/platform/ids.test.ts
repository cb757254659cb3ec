import { describe, expect, it } from "vitest";
import { createIds, timeOrderedUuid } from "./ids";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("job ids", () => {
  it("keep the service's shape (<uuid v4>-u1, sync-<uuid v4>-u1) and are unique", () => {
    const ids = createIds();
    const job = ids.next("job");
    expect(job).toMatch(/-u1$/);
    expect(job.slice(0, -3)).toMatch(V4);
    const sync = ids.next("syncJob");
    expect(sync).toMatch(/^sync-.*-u1$/);
    expect(sync.slice(5, -3)).toMatch(V4);
    const many = new Set(Array.from({ length: 10_000 }, () => ids.next("job")));
    expect(many.size).toBe(10_000);
  });

  it("made later sort later (new keys go to the end of the primary-key index)", () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 0);
    const ids = [at, at + 1, at + 1000, at + 86_400_000].map((t) => timeOrderedUuid(t));
    for (const id of ids) expect(id).toMatch(V4);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]!.replace("-", "").slice(0, 12)).toBe(at.toString(16).padStart(12, "0"));
  });
});
