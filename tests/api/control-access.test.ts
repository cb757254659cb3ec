import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteAccess } from "@/lib/platform/http/route";
import { StateSnapshot } from "@/lib/schemas/devtools";
import { describeEachBackend } from "./support/backends";
import { createEndpoint } from "./support/jobs";
import { newKey, startTestPlatform, type TestPlatform } from "./support/platform";

/**
 * Who may call each control route (README "Control API access"). Built against the platform's
 * route table: a `/_platform/*` route without an entry here fails the suite.
 * - public: no key; any: any valid key; account: an `all` key, acting on its own account;
 * - operator: the operator credential only; endpoint-write: write access to that endpoint.
 */
type Who = "public" | "any" | "account" | "operator" | "endpoint-write";
const DOCUMENTED: Record<string, Who> = {
  "GET /_platform/health": "public",
  "POST /_platform/inbox/{token}": "public",
  "PUT /_platform/inbox/{token}": "public",
  "GET /_platform/whoami": "any",
  "GET /_platform/keys": "account",
  "POST /_platform/keys": "account",
  "PATCH /_platform/keys/{id}": "account",
  "DELETE /_platform/keys/{id}": "account",
  "POST /_platform/accounts": "operator",
  "PATCH /_platform/accounts/me": "account",
  "GET /_platform/clock": "operator",
  "POST /_platform/clock": "operator",
  "POST /_platform/clock/advance": "operator",
  "GET /_platform/availability": "operator",
  "PUT /_platform/availability": "operator",
  "DELETE /_platform/availability": "operator",
  "GET /_platform/webhooks": "account",
  "GET /_platform/endpoints/{id}/worker-env": "endpoint-write",
  "GET /_platform/endpoints/{id}/metrics": "account",
  "POST /_platform/pods/{id}/fail": "account",
  "GET /_platform/pods/{id}/logs/streams": "account",
  "GET /_platform/events": "account",
  "GET /_platform/jobs/{id}": "account",
  "GET /_platform/jobs/{id}/why": "account",
  "GET /_platform/faults": "account",
  "POST /_platform/faults": "account",
  "DELETE /_platform/faults": "account",
  "DELETE /_platform/faults/{id}": "account",
  "GET /_platform/inbox": "account",
  "DELETE /_platform/inbox": "account",
  "GET /_platform/webhook-deliveries": "account",
  "POST /_platform/webhook-deliveries/{id}/redeliver": "account",
  "GET /_platform/requests": "account",
  "GET /_platform/state": "account",
  "GET /_platform/state/export": "account",
  "POST /_platform/state/import": "account",
  "POST /_platform/state/reset": "account",
  "GET /_platform/instance/state": "operator",
  "GET /_platform/instance/state/export": "operator",
  "POST /_platform/instance/state/import": "operator",
  "POST /_platform/instance/state/reset": "operator",
};

/** Bodies that an allowed caller's request is answered for (a refused one never gets that far). */
const BODIES: Record<string, unknown> = {
  "POST /_platform/keys": { name: "from-the-table" },
  "POST /_platform/accounts": { name: "from-the-table" },
  "PATCH /_platform/accounts/me": {},
  "PATCH /_platform/keys/{id}": { name: "x" },
  "POST /_platform/clock": { mode: "real" },
  "POST /_platform/clock/advance": { ms: 1 },
  "PUT /_platform/availability": { scope: "pool:ADA_24", level: null },
  "POST /_platform/faults": { kind: "job.fail" },
  "POST /_platform/state/import": {},
  "POST /_platform/instance/state/import": {},
};

function kindOf(access: RouteAccess): Who {
  if ("public" in access) return "public";
  if ("control" in access) return access.control;
  if (access.family === "serverless" && access.need === "write" && access.endpointParam)
    return "endpoint-write";
  if (!access.family) return "any";
  throw new Error(`unexpected access ${JSON.stringify(access)}`);
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describeEachBackend("control API access", (backend) => {
  let tp: TestPlatform;
  /** A's operator key (the bootstrap key), A's other keys, B's all key. */
  const keys = {} as Record<"operator" | "aAll" | "aRead" | "aRestricted" | "bAll", string>;
  let aEndpoint: string;
  let bAccount: string;

  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
    keys.operator = tp.key;
    keys.bAll = await tp.otherAccountKey();
    const make = async (permission: unknown) => {
      const res = await tp.request("/_platform/keys", {
        method: "POST",
        json: { name: `k-${Math.random()}`, permission },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { key: string }).key;
    };
    keys.aAll = await make({ type: "all" });
    keys.aRead = await make({ type: "read" });
    keys.aRestricted = await make({ type: "restricted", families: { serverless: "write" } });
    aEndpoint = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    bAccount = (
      (await (await tp.request("/_platform/whoami", { auth: keys.bAll })).json()) as {
        account: { id: string };
      }
    ).account.id;
  });
  afterAll(async () => tp?.close());

  const controlRoutes = () =>
    tp.running.services.routes.table.filter((r) => r.path.startsWith("/_platform/"));

  it("every control route has a documented access level, and it is the one it enforces", () => {
    const table = controlRoutes();
    expect(table.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      Object.keys(DOCUMENTED).sort(),
    );
    for (const r of table)
      expect(kindOf(r.access), `${r.method} ${r.path}`).toBe(DOCUMENTED[`${r.method} ${r.path}`]);
  });

  it("each credential gets the documented answer on every control route", async () => {
    const call = (method: string, path: string, key: string | null) => {
      const url = path
        .replace("/_platform/endpoints/{id}", `/_platform/endpoints/${aEndpoint}`)
        .replace("{id}", "nope")
        .replace("{token}", "00000000");
      const body = BODIES[`${method} ${path}`];
      return tp.request(url, {
        method,
        auth: key,
        json: body ?? (["POST", "PUT", "PATCH"].includes(method) ? {} : undefined),
      });
    };
    // Destructive calls of allowed callers run last, so the others still have something to act on.
    const routes = controlRoutes().sort(
      (a, b) => Number(a.path.endsWith("/reset")) - Number(b.path.endsWith("/reset")),
    );
    for (const r of routes) {
      const id = `${r.method} ${r.path}`;
      const who = DOCUMENTED[id]!;
      if (who === "public") {
        expect((await call(r.method, r.path, null)).status, id).not.toBe(401);
        continue;
      }
      expect((await call(r.method, r.path, null)).status, `${id} without a key`).toBe(401);
      const refused: (keyof typeof keys)[] =
        who === "operator"
          ? ["aAll", "aRead", "aRestricted", "bAll"]
          : who === "account"
            ? ["aRead", "aRestricted"]
            : who === "endpoint-write"
              ? ["aRead"]
              : [];
      for (const k of refused) {
        const res = await call(r.method, r.path, keys[k]);
        expect(res.status, `${id} with ${k}`).toBe(403);
        expect(((await res.json()) as { detail: string }).detail, `${id} with ${k}`).toBe(
          who === "operator" ? "operator credential required" : "access denied",
        );
      }
      for (const k of Object.keys(keys) as (keyof typeof keys)[]) {
        if (refused.includes(k)) continue;
        const res = await call(r.method, r.path, keys[k]);
        // Allowed: answered (2xx, or 404 for what the caller does not own, 409/422 for the input).
        expect([200, 201, 202, 204, 404, 409, 422], `${id} with ${k}`).toContain(res.status);
        if (who === "endpoint-write" && k === "bAll") expect(res.status, id).toBe(404);
      }
    }
  });

  it("whoami says whether the key is the operator", async () => {
    const who = async (key: string) =>
      (
        (await (await tp.request("/_platform/whoami", { auth: key })).json()) as {
          key: { operator: boolean };
        }
      ).key.operator;
    expect(await who(keys.operator)).toBe(true);
    expect(await who(keys.aAll)).toBe(false);
    expect(await who(keys.bAll)).toBe(false);
  });

  it("only the operator mints operator keys, and only it changes one", async () => {
    for (const k of [keys.aAll, keys.bAll]) {
      const res = await tp.request("/_platform/keys", {
        method: "POST",
        auth: k,
        json: { name: "sneaky", operator: true },
      });
      expect(res.status).toBe(403);
    }
    const made = await tp.request("/_platform/keys", {
      method: "POST",
      json: { name: "second operator", operator: true },
    });
    expect(made.status).toBe(201);
    const second = (await made.json()) as { id: string; key: string; operator: boolean };
    expect(second.operator).toBe(true);
    expect((await tp.request("/_platform/clock", { auth: second.key })).status).toBe(200);
    // Another all key of the operator's account can neither disable nor delete it.
    const patch = await tp.request(`/_platform/keys/${second.id}`, {
      method: "PATCH",
      auth: keys.aAll,
      json: { disabled: true },
    });
    expect(patch.status).toBe(403);
    const del = await tp.request(`/_platform/keys/${second.id}`, {
      method: "DELETE",
      auth: keys.aAll,
    });
    expect(del.status).toBe(403);
    expect((await tp.request(`/_platform/keys/${second.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
  });

  it("capacity faults change every account's stock: the operator's only", async () => {
    const fault = { kind: "capacity.none", scope: "pool:ADA_24", durationMs: 1000 };
    const res = await tp.request("/_platform/faults", {
      method: "POST",
      auth: keys.bAll,
      json: fault,
    });
    expect(res.status).toBe(403);
    const ok = await tp.request("/_platform/faults", { method: "POST", json: fault });
    expect(ok.status).toBe(201);
    expect((await tp.request("/_platform/faults", { method: "DELETE" })).status).toBe(204);
  });

  describe("the account takeover of the security report fails at every step", () => {
    // The table walk above reset A's state: A gets a fresh endpoint.
    let aEp: string;
    beforeAll(async () => {
      aEp = await createEndpoint(tp, { workers: { min: 0, max: 0 } });
    });

    it("B's export holds none of A's rows or key hashes; the instance export refuses B", async () => {
      const tpl = await tp.request("/v2/templates", {
        method: "POST",
        json: {
          name: "a-secret",
          image: "busybox:1",
          serverless: true,
          env: { A_SECRET: "s3cr3t-of-a" },
        },
      });
      expect(tpl.status, await tpl.clone().text()).toBe(201);
      const res = await tp.request("/_platform/state/export", { auth: keys.bAll });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(aEp);
      expect(text).not.toContain(sha256(keys.operator));
      expect(text).not.toContain("s3cr3t-of-a");
      expect(StateSnapshot.parse(JSON.parse(text)).tables.api_keys).toBeUndefined();
      const summary = (await (
        await tp.request("/_platform/state", { auth: keys.bAll })
      ).json()) as { tables: Record<string, number> };
      expect(summary.tables.endpoints).toBe(0);
      expect(summary.tables.accounts).toBeUndefined();
      for (const p of ["/_platform/instance/state", "/_platform/instance/state/export"])
        expect((await tp.request(p, { auth: keys.bAll })).status, p).toBe(403);
    });

    it("B's import with a forged key row for A is refused and the forged key does not authenticate", async () => {
      const own = StateSnapshot.parse(
        await (await tp.request("/_platform/state/export", { auth: keys.bAll })).json(),
      );
      const aAccount = (
        (await (await tp.request("/_platform/whoami")).json()) as { account: { id: string } }
      ).account.id;
      const forged = newKey();
      const row = {
        id: "forged-key",
        account_id: aAccount,
        name: "forged",
        prefix: forged.slice(0, 8),
        hash: sha256(forged),
        permission: JSON.stringify({ type: "all" }),
        disabled: 0,
        rate_limit_exempt: 0,
        operator: 1,
        created_at: Date.now(),
        last_used_at: null,
      };
      const snapshot = { ...own, tables: { ...own.tables, api_keys: [row] } };
      const res = await tp.request("/_platform/state/import", {
        method: "POST",
        auth: keys.bAll,
        json: snapshot,
      });
      expect(res.status).toBe(400);
      const instance = await tp.request("/_platform/instance/state/import", {
        method: "POST",
        auth: keys.bAll,
        json: { ...snapshot, scope: "instance" },
      });
      expect(instance.status).toBe(403);
      expect((await tp.request("/_platform/whoami", { auth: forged })).status).toBe(401);
      // Nor may B slip a row into its own tables under A's account.
      const asA = {
        ...own,
        tables: {
          ...own.tables,
          inbox_messages: [
            {
              id: "forged-msg",
              account_id: aAccount,
              at: 1,
              method: "POST",
              content_type: null,
              user_agent: null,
              body: "{}",
            },
          ],
        },
      };
      const intoA = await tp.request("/_platform/state/import", {
        method: "POST",
        auth: keys.bAll,
        json: asA,
      });
      expect(intoA.status).toBe(400);
      expect(bAccount).not.toBe(aAccount);
    });

    it("B's reset leaves A's endpoints; B's clock, availability and account calls are refused", async () => {
      expect(
        (await tp.request("/_platform/state/reset", { method: "POST", auth: keys.bAll })).status,
      ).toBe(200);
      expect(
        (await tp.request("/_platform/instance/state/reset", { method: "POST", auth: keys.bAll }))
          .status,
      ).toBe(403);
      const { endpoints } = (await (await tp.request("/v2/serverless")).json()) as {
        endpoints: { id: string }[];
      };
      expect(endpoints.map((e) => e.id)).toContain(aEp);
      const before = (await (await tp.request("/_platform/clock")).json()) as { mode: string };
      const clock = await tp.request("/_platform/clock", {
        method: "POST",
        auth: keys.bAll,
        json: { mode: "manual" },
      });
      expect(clock.status).toBe(403);
      expect(((await clock.json()) as { detail: string }).detail).toBe(
        "operator credential required",
      );
      const after = (await (await tp.request("/_platform/clock")).json()) as { mode: string };
      expect(after.mode).toBe(before.mode);
      const availability = await tp.request("/_platform/availability", {
        method: "PUT",
        auth: keys.bAll,
        json: { scope: "*", level: "NONE" },
      });
      expect(availability.status).toBe(403);
      const account = await tp.request("/_platform/accounts", {
        method: "POST",
        auth: keys.bAll,
        json: { name: "mine" },
      });
      expect(account.status).toBe(403);
    });
  });
});

describeEachBackend("operator credential on a store made before it", (backend) => {
  it("migration 060 makes the first account's first key (the bootstrap key) the operator", async () => {
    const tp = await startTestPlatform({ backend });
    let again: TestPlatform | undefined;
    try {
      const other = await tp.request("/_platform/keys", { method: "POST", json: { name: "b" } });
      const otherKey = ((await other.json()) as { key: string }).key;
      // Back to the store as an older version left it: no operator column, 060 not applied — nor
      // the migrations after it (Kysely applies them in order), whose additions go too.
      const db = tp.running.services.store.db;
      await sql`alter table api_keys drop column operator`.execute(db);
      await sql`alter table workers drop column polled_at`.execute(db);
      await sql`drop index jobs_active`.execute(db);
      await db
        .deleteFrom("kysely_migration" as never)
        .where("name" as never, ">=", "060_api_key_operator" as never)
        .execute();
      again = await tp.restart();
      const who = async (key: string) =>
        (
          (await (await again!.request("/_platform/whoami", { auth: key })).json()) as {
            key: { operator: boolean };
          }
        ).key.operator;
      expect(await who(tp.key)).toBe(true);
      expect(await who(otherKey)).toBe(false);
    } finally {
      await (again ?? tp).close();
      if (again) await tp.close();
    }
  });
});
