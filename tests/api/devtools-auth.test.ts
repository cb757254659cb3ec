import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

/** The instance-wide developer tools: the operator credential only. */
const OPERATOR_OPERATIONS: [string, string, unknown?][] = [
  ["GET", "/_platform/clock"],
  ["POST", "/_platform/clock", { mode: "manual" }],
  ["POST", "/_platform/clock/advance", { ms: 1 }],
  ["GET", "/_platform/instance/state"],
  ["GET", "/_platform/instance/state/export"],
  ["POST", "/_platform/instance/state/import", {}],
  ["POST", "/_platform/instance/state/reset"],
];

/** Every developer-tools operation; each needs an `all` key (the account's own data). */
const OPERATIONS: [string, string, unknown?][] = [
  ...OPERATOR_OPERATIONS,
  ["GET", "/_platform/jobs/some-job"],
  ["GET", "/_platform/jobs/some-job/why"],
  ["GET", "/_platform/faults"],
  ["POST", "/_platform/faults", { kind: "job.fail" }],
  ["DELETE", "/_platform/faults"],
  ["DELETE", "/_platform/faults/some-fault"],
  ["GET", "/_platform/inbox"],
  ["DELETE", "/_platform/inbox"],
  ["GET", "/_platform/webhook-deliveries"],
  ["POST", "/_platform/webhook-deliveries/some/redeliver"],
  ["GET", "/_platform/requests"],
  ["GET", "/_platform/state"],
  ["GET", "/_platform/state/export"],
  ["POST", "/_platform/state/import", {}],
  ["POST", "/_platform/state/reset"],
];

describeEachBackend("devtools: access", (backend) => {
  let tp: TestPlatform;
  let readKey: string;
  let restrictedKey: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
    const make = async (permission: unknown) => {
      const res = await tp.request("/_platform/keys", {
        method: "POST",
        json: { name: `k-${Math.random()}`, permission },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { key: string }).key;
    };
    readKey = await make({ type: "read" });
    restrictedKey = await make({ type: "restricted", families: { serverless: "write" } });
  });
  afterAll(async () => tp?.close());

  it("refuses keys without the all permission (403) and requests without a key (401)", async () => {
    for (const [method, path, json] of OPERATIONS) {
      for (const key of [readKey, restrictedKey]) {
        const res = await tp.request(path, { method, auth: key, json });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      const anonymous = await tp.request(path, { method, auth: null, json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it("refuses another account's all key on the instance-wide tools (403 operator credential required)", async () => {
    const other = await tp.otherAccountKey();
    for (const [method, path, json] of OPERATOR_OPERATIONS) {
      const res = await tp.request(path, { method, auth: other, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "operator credential required",
      );
    }
  });

  it("the state is untouched by refused calls", async () => {
    const res = await tp.request("/_platform/instance/state");
    expect(res.status).toBe(200);
    const clock = (await (await tp.request("/_platform/clock")).json()) as { mode: string };
    expect(clock.mode).toBe("real");
  });
});
