import { z } from "zod";
import { RESOURCE_FAMILIES } from "./families";

/** Access a restricted key has to one resource family or one endpoint. */
export const AccessLevel = z.enum(["none", "read", "write"]);
export type AccessLevel = z.infer<typeof AccessLevel>;

/** Resource families a restricted key is scoped by (the catalogue is readable by every valid key). */
export const ResourceFamily = z.enum(RESOURCE_FAMILIES);
export type ResourceFamily = z.infer<typeof ResourceFamily>;

export const KeyPermission = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("all") }),
    z.strictObject({ type: z.literal("read") }),
    z.strictObject({
      type: z.literal("restricted"),
      /** Per family; a family left out is "none". */
      families: z.partialRecord(ResourceFamily, AccessLevel).default({}),
      /** Per endpoint id; overrides the serverless family for that endpoint's jobs and settings. */
      endpoints: z.record(z.string().min(1), AccessLevel).default({}),
    }),
  ])
  .meta({ id: "KeyPermission" });
export type KeyPermission = z.infer<typeof KeyPermission>;

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** First characters of the key, enough to recognise it; the key itself is never stored. */
    prefix: z.string(),
    permission: KeyPermission,
    disabled: z.boolean(),
    rateLimitExempt: z.boolean(),
    /**
     * The instance's operator credential (local platform): may call the whole-instance control
     * routes (clock, availability, accounts, instance state). Account keys never are.
     */
    operator: z.boolean(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKey>;

/** The one answer that carries the key in clear: creation. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() }).meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const CreateApiKeyInput = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    permission: KeyPermission.default({ type: "all" }),
    rateLimitExempt: z.boolean().default(false),
    /** Only an operator key may create another operator key (403 otherwise); needs `all`. */
    operator: z.boolean().default(false),
  })
  .meta({ id: "CreateApiKeyRequest" });
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInput>;

export const UpdateApiKeyInput = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    disabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateApiKeyRequest" });
export type UpdateApiKeyInput = z.infer<typeof UpdateApiKeyInput>;

export const ListApiKeysResponse = z
  .object({ keys: z.array(ApiKey) })
  .meta({ id: "ListApiKeysResponse" });

export const Account = z
  .object({
    id: z.string(),
    name: z.string(),
    /** USD. */
    balance: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "Account" });
export type Account = z.infer<typeof Account>;

export const CreateAccountInput = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    balance: z.number().min(0).default(25),
  })
  .meta({ id: "CreateAccountRequest" });
export type CreateAccountInput = z.input<typeof CreateAccountInput>;

export const CreatedAccount = z
  .object({ account: Account, key: CreatedApiKey })
  .meta({ id: "CreatedAccount" });
export type CreatedAccount = z.infer<typeof CreatedAccount>;

export const UpdateAccountInput = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    balance: z.number().min(0).optional(),
  })
  .meta({ id: "UpdateAccountRequest" });

export const WhoAmI = z.object({ account: Account, key: ApiKey }).meta({ id: "WhoAmI" });
export type WhoAmI = z.infer<typeof WhoAmI>;

export const PlatformHealth = z
  .object({
    status: z.literal("ok"),
    platform: z.literal("hangar-local"),
    version: z.string(),
    store: z.enum(["sqlite", "postgres"]),
    instanceId: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: "PlatformHealth" });
export type PlatformHealth = z.infer<typeof PlatformHealth>;

/** `GET /_platform/pods/{id}/logs/streams`: how many log streams of the pod are open now. */
export const LogStreamCount = z.object({ streams: z.number().int().min(0) });
export type LogStreamCount = z.infer<typeof LogStreamCount>;
