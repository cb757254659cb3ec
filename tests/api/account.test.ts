import { afterAll, beforeAll, expect, it } from "vitest";
import { getSshKeys } from "@/lib/platform/management/account/ssh-keys.repository";
import { describeEachBackend } from "./support/backends";
import { startTestPlatform, type TestPlatform } from "./support/platform";

// `/v2/account/ssh-keys` (reference §3.12): GET and PUT (full replacement, `[]` clears).

const ED25519 =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILXGDN/SclOozk1xsDztpmhGiKkkrfQB9SKoO8dSIQQZ me@example.com";
const RSA = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 laptop";
const ECDSA = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY=";

describeEachBackend("Account SSH keys", (backend) => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ backend });
  });
  afterAll(async () => tp?.close());

  const put = (keys: unknown, auth?: string) =>
    tp.request("/v2/account/ssh-keys", { method: "PUT", json: { keys }, auth });
  const get = async (auth?: string) => {
    const res = await tp.request("/v2/account/ssh-keys", { auth });
    expect(res.status).toBe(200);
    return (await res.json()) as { keys: string[] };
  };

  it("an account starts with no keys", async () => {
    expect(await get(await tp.otherAccountKey())).toEqual({ keys: [] });
  });

  it("PUT replaces the whole list and answers it; GET reads it back", async () => {
    let res = await put([ED25519, RSA]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [ED25519, RSA] });
    res = await put([ECDSA]);
    expect(await res.json()).toEqual({ keys: [ECDSA] });
    expect(await get()).toEqual({ keys: [ECDSA] });
  });

  it("PUT [] clears the keys", async () => {
    await put([ED25519]);
    expect(await (await put([])).json()).toEqual({ keys: [] });
    expect(await get()).toEqual({ keys: [] });
  });

  it.each([
    ["not an OpenSSH key line", ["hello world"], "keys[0]"],
    ["an unknown key type prefix", [`${ED25519}`, "rsa AAAA me"], "keys[1]"],
    ["a key without its base64 part", ["ssh-ed25519"], "keys[0]"],
    ["a multi-line entry", ["ssh-ed25519 AAAA a\nssh-rsa BBBB b"], "keys[0]"],
    ["keys is not an array", "ssh-ed25519 AAAA", "keys"],
  ])("a bad key is a 422 naming it: %s", async (_name, keys, path) => {
    await put([ED25519]);
    const res = await put(keys);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as { errors: string[] };
    expect(body.errors.some((e) => e.startsWith(`${path}:`))).toBe(true);
    expect(await get()).toEqual({ keys: [ED25519] });
  });

  it("a body without keys or with extra properties is a 422", async () => {
    expect((await tp.request("/v2/account/ssh-keys", { method: "PUT", json: {} })).status).toBe(
      422,
    );
    expect(
      (await tp.request("/v2/account/ssh-keys", { method: "PUT", json: { keys: [], extra: 1 } }))
        .status,
    ).toBe(422);
  });

  it("keys are per account", async () => {
    const other = await tp.otherAccountKey();
    await put([RSA]);
    await put([ED25519], other);
    expect(await get()).toEqual({ keys: [RSA] });
    expect(await get(other)).toEqual({ keys: [ED25519] });
  });

  it("getSshKeys (for pods created later with startSsh) reads what PUT stored", async () => {
    await put([ED25519, RSA]);
    const whoami = (await (await tp.request("/_platform/whoami")).json()) as {
      account: { id: string };
    };
    expect(await getSshKeys(tp.running.services.store.db, whoami.account.id)).toEqual([
      ED25519,
      RSA,
    ]);
  });

  it("keys survive a restart", async () => {
    const q = await startTestPlatform({ backend });
    await q.request("/v2/account/ssh-keys", { method: "PUT", json: { keys: [RSA] } });
    const again = await q.restart();
    try {
      expect(await (await again.request("/v2/account/ssh-keys")).json()).toEqual({ keys: [RSA] });
    } finally {
      await again.stop();
      await q.close();
    }
  });

  it("reading needs account read, writing account write", async () => {
    const res = await tp.request("/_platform/keys", {
      method: "POST",
      json: {
        name: "acct-read",
        permission: { type: "restricted", families: { account: "read" } },
      },
    });
    const key = ((await res.json()) as { key: string }).key;
    expect((await tp.request("/v2/account/ssh-keys", { auth: key })).status).toBe(200);
    expect((await put([RSA], key)).status).toBe(403);
    const none = await tp.request("/_platform/keys", {
      method: "POST",
      json: { name: "no-acct", permission: { type: "restricted", families: { pods: "read" } } },
    });
    expect(
      (
        await tp.request("/v2/account/ssh-keys", {
          auth: ((await none.json()) as { key: string }).key,
        })
      ).status,
    ).toBe(403);
  });
});
