import http from "node:http";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

async function problemOf(res: Response) {
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  return (await res.json()) as { title: string; status: number; detail: string; errors?: string[] };
}

describeEachBackend("Auth and API keys", (backend) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({ backend });
  });
  afterAll(async () => p?.close());

  it("PLATFORM_BOOTSTRAP_KEY becomes the first account's all-access key", async () => {
    const res = await p.request("/_platform/whoami");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      key: { permission: { type: string } };
      account: { name: string };
    };
    expect(body.key.permission.type).toBe("all");
    expect(body.account.name).toBe("default");
  });

  it.each([
    ["no Authorization header", null, "missing bearer token"],
    ["an empty header", "", "missing bearer token"],
    ["'Bearer' without a key", "Bearer", "malformed bearer token: no key after 'Bearer'"],
    [
      "another scheme",
      "Basic dXNlcjpwYXNz",
      "malformed bearer token: unsupported scheme 'Basic', expected 'Bearer <key>'",
    ],
    ["a raw key on the management API", "RAW", "malformed bearer token: expected 'Bearer <key>'"],
    [
      "a key with forbidden characters",
      "Bearer abc$%^&*()xyz",
      "malformed bearer token: unexpected characters or length",
    ],
    ["an unknown key", "Bearer rpa_UNKNOWNKEY0000000000000000000000000000000", "invalid api key"],
  ])(
    "401 with a precise detail for %s, without rate-limit headers",
    async (_name, header, detail) => {
      const headers: Record<string, string> = {};
      if (header !== null) headers.Authorization = header === "RAW" ? p.key : header;
      const res = await p.request("/v2/account/ssh-keys", { auth: null, headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("ratelimit")).toBeNull();
      const body = await problemOf(res);
      expect(body).toMatchObject({ title: "Unauthorized", status: 401, detail });
    },
  );

  it("accepts the Authorization header name in any case and the scheme in any case", async () => {
    const url = new URL(`${p.url}/_platform/whoami`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { AUTHORIZATION: `bEaReR ${p.key}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(200);
  });

  it("shows a created key once: the list never carries it and the store keeps only its hash", async () => {
    const created = await p.request("/_platform/keys", {
      method: "POST",
      json: { name: "ci", permission: { type: "read" } },
    });
    expect(created.status).toBe(201);
    const { key, id, prefix } = (await created.json()) as {
      key: string;
      id: string;
      prefix: string;
    };
    expect(key).toMatch(/^rpa_[A-Z0-9]{40}$/);
    expect(prefix).toBe(key.slice(0, 8));
    const list = await (await p.request("/_platform/keys")).text();
    expect(list).toContain(id);
    expect(list).not.toContain(key);

    let stored: string;
    if (backend === "sqlite") {
      const db = new Database(p.running.services.store.file!, { readonly: true });
      stored = JSON.stringify(db.prepare("select * from api_keys").all());
      db.close();
    } else {
      const client = new pg.Client({ connectionString: p.config.databaseUrl });
      await client.connect();
      stored = JSON.stringify((await client.query("select * from api_keys")).rows);
      await client.end();
    }
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(p.key);
    expect(stored).toMatch(/"hash":"[0-9a-f]{64}"/);
  });

  it("a read-only key reads but is refused writes with 403 access denied", async () => {
    const { key } = (await (
      await p.request("/_platform/keys", {
        method: "POST",
        json: { name: "ro", permission: { type: "read" } },
      })
    ).json()) as { key: string };
    expect((await p.request("/_platform/whoami", { auth: key })).status).toBe(200);
    const res = await p.request("/_platform/keys", {
      auth: key,
      method: "POST",
      json: { name: "nope" },
    });
    expect(res.status).toBe(403);
    expect(await problemOf(res)).toMatchObject({ status: 403, detail: "access denied" });
  });

  it("a disabled key answers 401 'api key is disabled' and works again once enabled", async () => {
    const { key, id } = (await (
      await p.request("/_platform/keys", { method: "POST", json: { name: "tmp" } })
    ).json()) as {
      key: string;
      id: string;
    };
    expect((await p.request("/_platform/whoami", { auth: key })).status).toBe(200);
    const patched = await p.request(`/_platform/keys/${id}`, {
      method: "PATCH",
      json: { disabled: true },
    });
    expect(((await patched.json()) as { disabled: boolean }).disabled).toBe(true);
    const refused = await p.request("/_platform/whoami", { auth: key });
    expect(refused.status).toBe(401);
    expect((await problemOf(refused)).detail).toBe("api key is disabled");
    await p.request(`/_platform/keys/${id}`, { method: "PATCH", json: { disabled: false } });
    expect((await p.request("/_platform/whoami", { auth: key })).status).toBe(200);
  });

  it("another account's key resource answers 404, never revealing that it exists", async () => {
    const other = await p.otherAccountKey();
    const mine = (await (
      await p.request("/_platform/keys", { method: "POST", json: { name: "mine" } })
    ).json()) as { id: string };
    const res = await p.request(`/_platform/keys/${mine.id}`, {
      auth: other,
      method: "PATCH",
      json: { disabled: true },
    });
    expect(res.status).toBe(404);
    const del = await p.request(`/_platform/keys/${mine.id}`, { auth: other, method: "DELETE" });
    expect(del.status).toBe(404);
    expect(await p.request("/_platform/keys", { auth: other }).then((r) => r.text())).not.toContain(
      mine.id,
    );
  });

  it("a deleted key stops working", async () => {
    const { key, id } = (await (
      await p.request("/_platform/keys", { method: "POST", json: { name: "gone" } })
    ).json()) as {
      key: string;
      id: string;
    };
    expect((await p.request(`/_platform/keys/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await p.request("/_platform/whoami", { auth: key })).status).toBe(401);
  });

  it("restarting the server keeps accounts and keys", async () => {
    const q = await startTestPlatform({ backend });
    const { key } = (await (
      await q.request("/_platform/keys", { method: "POST", json: { name: "durable" } })
    ).json()) as {
      key: string;
    };
    const again = await q.restart();
    try {
      expect((await again.request("/_platform/whoami", { auth: key })).status).toBe(200);
      expect((await again.request("/_platform/whoami")).status).toBe(200);
      const names = (
        (await (await again.request("/_platform/keys")).json()) as { keys: { name: string }[] }
      ).keys.map((k) => k.name);
      expect(names).toContain("durable");
    } finally {
      await again.stop();
      await q.close();
    }
  });
});

describe("Restricted key permissions", () => {
  it("unit: restricted keys follow family and per-endpoint levels", async () => {
    const { allows } = await import("@/lib/platform/accounts/permissions");
    const perm = {
      type: "restricted" as const,
      families: { pods: "read" as const },
      endpoints: { ep1: "write" as const, ep2: "none" as const },
    };
    expect(allows(perm, "pods", "read")).toBe(true);
    expect(allows(perm, "pods", "write")).toBe(false);
    expect(allows(perm, "serverless", "read")).toBe(false);
    expect(allows(perm, "serverless", "write", "ep1")).toBe(true);
    expect(allows(perm, "serverless", "read", "ep2")).toBe(false);
    expect(allows({ type: "read" }, "billing", "read")).toBe(true);
    expect(allows({ type: "read" }, "billing", "write")).toBe(false);
    expect(allows({ type: "all" }, "account", "write")).toBe(true);
  });
});
