import fs from "node:fs";
import { SeedFile } from "@/lib/schemas/devtools";
import type { Account, CreatedApiKey } from "@/lib/schemas/control";
import type { PlatformServices } from "../platform";

export class SeedError extends Error {}

/** Reads and checks a seed file (`PLATFORM_SEED`); every problem names its place in the file. */
export function readSeedFile(path: string): SeedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path, "utf8"));
  } catch (err) {
    throw new SeedError(
      `PLATFORM_SEED: cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const parsed = SeedFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new SeedError(`PLATFORM_SEED: ${path} is not a valid seed file: ${lines.join("; ")}`);
  }
  return parsed.data;
}

export interface SeedResult {
  accounts: { id: string; name: string; keys: { name: string; key: string }[] }[];
}

/**
 * Applies a seed file to a store that was empty at this start: the first account of the file is
 * the bootstrapped one (renamed), the others are created. Resources go through the management API
 * itself (same validation and rules as any client), with a temporary rate-limit-exempt key.
 */
export async function applySeed(
  s: PlatformServices,
  seed: SeedFile,
  first: { account: Account; key: CreatedApiKey },
): Promise<SeedResult> {
  const result: SeedResult = { accounts: [] };
  for (const [i, spec] of seed.accounts.entries()) {
    const where = `accounts.${i}`;
    let accountId: string;
    if (i === 0) {
      accountId = first.account.id;
      await s.accounts.updateAccount(accountId, {
        name: spec.name,
        ...(spec.balance !== undefined ? { balance: spec.balance } : {}),
      });
    } else {
      const created = await s.accounts.createAccount({
        name: spec.name,
        ...(spec.balance !== undefined ? { balance: spec.balance } : {}),
      });
      accountId = created.account.id;
    }
    const keys: { name: string; key: string }[] = [];
    for (const k of spec.keys) {
      const created = await s.accounts.createKey(
        accountId,
        { name: k.name, permission: { type: k.permission } },
        k.value,
      );
      keys.push({ name: k.name, key: created.key });
    }
    const temp = await s.accounts.createKey(accountId, {
      name: "seed (temporary)",
      rateLimitExempt: true,
    });
    try {
      const call = async (path: string, body: unknown, item: string): Promise<{ id: string }> => {
        const res = await s.app.request(path, {
          method: "POST",
          headers: { Authorization: `Bearer ${temp.key}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status !== 200 && res.status !== 201)
          throw new SeedError(`PLATFORM_SEED: ${item}: ${res.status} ${text}`);
        return JSON.parse(text) as { id: string };
      };
      const templates = new Map<string, string>();
      for (const [j, t] of spec.templates.entries()) {
        const created = await call("/v2/templates", t, `${where}.templates.${j}`);
        if (typeof t.name === "string") templates.set(t.name, created.id);
      }
      for (const [j, v] of spec.volumes.entries())
        await call("/v2/network-volumes", v, `${where}.volumes.${j}`);
      for (const [j, ep] of spec.endpoints.entries()) {
        const { templateName, ...body } = ep;
        if (templateName !== undefined) {
          const id = typeof templateName === "string" ? templates.get(templateName) : undefined;
          if (!id)
            throw new SeedError(
              `PLATFORM_SEED: ${where}.endpoints.${j}.templateName: no template named ${String(templateName)} in this account`,
            );
          body.templateId = id;
        }
        await call("/v2/serverless", body, `${where}.endpoints.${j}`);
      }
    } finally {
      await s.accounts.deleteKey(accountId, temp.id);
    }
    result.accounts.push({ id: accountId, name: spec.name, keys });
  }
  return result;
}
