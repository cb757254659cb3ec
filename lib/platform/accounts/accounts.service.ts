import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import {
  CreateAccountInput,
  CreateApiKeyInput,
  KeyPermission,
  type Account,
  type ApiKey,
  type CreatedApiKey,
  type UpdateApiKeyInput,
} from "@/lib/schemas/control";
import type { Clock } from "../clock";
import type { Ids } from "../ids";
import { problems } from "../http/problem";
import type { AccountsTable, ApiKeysTable, Database } from "../store/schema";

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export interface AuthContext {
  account: Account;
  key: ApiKey;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toAccount(row: AccountsTable): Account {
  return {
    id: row.id,
    name: row.name,
    balance: Number(row.balance),
    createdAt: iso(row.created_at),
  };
}

export function toApiKey(row: ApiKeysTable): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permission: KeyPermission.parse(JSON.parse(row.permission)),
    disabled: row.disabled === 1,
    rateLimitExempt: row.rate_limit_exempt === 1,
    operator: row.operator === 1,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/** Keys are random 40-character secrets, so a fast hash is enough at rest (no password stretching). */
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,200}$/;

// A key lookup per request would cost a query; keys are cached briefly. Another instance's
// change (disable, delete) takes effect within this many ms.
const AUTH_CACHE_MS = 2000;
const LAST_USED_EVERY_MS = 60_000;

export class AccountsService {
  private readonly authCache = new Map<
    string,
    { ctx: AuthContext | "disabled" | null; until: number }
  >();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  /** `operator`: the first key is the instance's operator credential (the bootstrap key only). */
  async createAccount(input: CreateAccountInput, keyValue?: string, operator = false) {
    const parsed = CreateAccountInput.parse(input);
    const now = this.clock.now();
    const row: AccountsTable = {
      id: this.ids.next("account"),
      name: parsed.name,
      balance: parsed.balance,
      created_at: now,
    };
    await this.db.insertInto("accounts").values(row).execute();
    const key = await this.createKey(
      row.id,
      { name: "default", permission: { type: "all" }, operator },
      keyValue,
    );
    return { account: toAccount(row), key };
  }

  /**
   * The first start of an empty store makes the default account. Guarded by an insert into
   * platform_meta so that two instances starting together on one PostgreSQL make exactly one.
   */
  async bootstrap(
    keyValue: string | undefined,
  ): Promise<{ account: Account; key: CreatedApiKey } | null> {
    const existing = await this.db.selectFrom("accounts").select("id").limit(1).executeTakeFirst();
    if (existing) return null;
    const claimed = await this.db
      .insertInto("platform_meta")
      .values({ key: "bootstrapped", value: iso(this.clock.now()) })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    // The bootstrap key (PLATFORM_BOOTSTRAP_KEY, `npm start`'s local key) is the operator.
    return this.createAccount({ name: "default", balance: 100 }, keyValue, true);
  }

  async createKey(
    accountId: string,
    input: CreateApiKeyInput,
    keyValue?: string,
  ): Promise<CreatedApiKey> {
    const parsed = CreateApiKeyInput.parse(input);
    if (parsed.operator && parsed.permission.type !== "all")
      throw problems.badRequest("an operator key has the all permission");
    const key = keyValue ?? this.ids.apiKey();
    if (!KEY_SHAPE.test(key))
      throw problems.badRequest("a key must be 8-200 characters of A-Z, a-z, 0-9, _ or -");
    const row: ApiKeysTable = {
      id: this.ids.next("key"),
      account_id: accountId,
      name: parsed.name,
      prefix: key.slice(0, 8),
      hash: hashKey(key),
      permission: JSON.stringify(parsed.permission),
      disabled: 0,
      rate_limit_exempt: parsed.rateLimitExempt ? 1 : 0,
      operator: parsed.operator ? 1 : 0,
      created_at: this.clock.now(),
      last_used_at: null,
    };
    await this.db.insertInto("api_keys").values(row).execute();
    return { ...toApiKey(row), key };
  }

  async listKeys(accountId: string): Promise<ApiKey[]> {
    const rows = await this.db
      .selectFrom("api_keys")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("created_at")
      .execute();
    return rows.map(toApiKey);
  }

  /**
   * Changing or deleting an operator key takes the operator credential: the operator account's
   * other `all` keys must not lock the instance's operator out.
   */
  private async guardOperatorKey(accountId: string, id: string, callerIsOperator: boolean) {
    if (callerIsOperator) return;
    const row = await this.db
      .selectFrom("api_keys")
      .select("operator")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (row?.operator === 1) throw problems.operatorRequired();
  }

  async updateKey(
    accountId: string,
    id: string,
    input: UpdateApiKeyInput,
    callerIsOperator = true,
  ): Promise<ApiKey> {
    await this.guardOperatorKey(accountId, id, callerIsOperator);
    const patch: Partial<ApiKeysTable> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.disabled !== undefined) patch.disabled = input.disabled ? 1 : 0;
    if (Object.keys(patch).length > 0) {
      await this.db
        .updateTable("api_keys")
        .set(patch)
        .where("id", "=", id)
        .where("account_id", "=", accountId)
        .execute();
    }
    const row = await this.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!row) throw problems.notFound("api key");
    this.authCache.clear();
    return toApiKey(row);
  }

  async deleteKey(accountId: string, id: string, callerIsOperator = true): Promise<void> {
    await this.guardOperatorKey(accountId, id, callerIsOperator);
    const res = await this.db
      .deleteFrom("api_keys")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw problems.notFound("api key");
    this.authCache.clear();
  }

  async getAccount(id: string): Promise<Account> {
    const row = await this.db
      .selectFrom("accounts")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw problems.notFound("account");
    return toAccount(row);
  }

  async updateAccount(id: string, patch: { name?: string; balance?: number }): Promise<Account> {
    if (Object.keys(patch).length > 0)
      await this.db.updateTable("accounts").set(patch).where("id", "=", id).execute();
    this.authCache.clear();
    return this.getAccount(id);
  }

  /** Adds (or with a negative amount, charges) USD to an account; returns the new balance. */
  async adjustBalance(id: string, delta: number): Promise<number> {
    const row = await this.db
      .updateTable("accounts")
      .set((eb) => ({ balance: eb("balance", "+", delta) }))
      .where("id", "=", id)
      .returning("balance")
      .executeTakeFirst();
    if (!row) throw problems.notFound("account");
    this.authCache.clear();
    return Number(row.balance);
  }

  /** Resolves a presented key. Throws 401 problems; never says whether another account exists. */
  async authenticate(key: string): Promise<AuthContext> {
    if (!KEY_SHAPE.test(key)) throw problems.malformedToken("unexpected characters or length");
    const hash = this.hashOf(key);
    const now = Date.now();
    const cached = this.authCache.get(hash);
    let ctx: AuthContext | "disabled" | null;
    if (cached && cached.until > now) {
      ctx = cached.ctx;
    } else {
      ctx = await this.lookup(hash);
      if (this.authCache.size > 10_000) this.authCache.clear();
      this.authCache.set(hash, { ctx, until: now + AUTH_CACHE_MS });
    }
    if (ctx === null) throw problems.invalidKey();
    if (ctx === "disabled") throw problems.disabledKey();
    this.touch(ctx.key.id, now);
    return ctx;
  }

  // A SHA-256 per request was ~2% of a `/status`; the hashes of recently presented keys are kept
  // (a hash never changes; whether it is valid is the auth cache's business, which expires).
  private readonly hashes = new Map<string, string>();
  private hashOf(key: string): string {
    let hash = this.hashes.get(key);
    if (hash === undefined) {
      hash = hashKey(key);
      if (this.hashes.size >= 1000) this.hashes.clear();
      this.hashes.set(key, hash);
    }
    return hash;
  }

  private readonly lastTouched = new Map<string, number>();
  private touch(keyId: string, now: number) {
    const last = this.lastTouched.get(keyId) ?? 0;
    if (now - last < LAST_USED_EVERY_MS) return;
    this.lastTouched.set(keyId, now);
    void this.db
      .updateTable("api_keys")
      .set({ last_used_at: this.clock.now() })
      .where("id", "=", keyId)
      .execute()
      .catch(() => undefined); // best effort: a usage timestamp must never fail a request
  }

  private async lookup(hash: string): Promise<AuthContext | "disabled" | null> {
    const row = await this.db
      .selectFrom("api_keys")
      .innerJoin("accounts", "accounts.id", "api_keys.account_id")
      .selectAll("api_keys")
      .select([
        "accounts.name as account_name",
        "accounts.balance as account_balance",
        "accounts.created_at as account_created_at",
      ])
      .where("api_keys.hash", "=", hash)
      .executeTakeFirst();
    if (!row) return null;
    if (row.disabled === 1) return "disabled";
    return {
      key: toApiKey(row),
      account: toAccount({
        id: row.account_id,
        name: row.account_name,
        balance: row.account_balance,
        created_at: row.account_created_at,
      }),
    };
  }
}
