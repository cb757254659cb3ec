import { z } from "zod";
// Every schema speaks the one message map (installs zod's global customError).
import "./messages";
import { LOG_SOURCES } from "./log-lines";

/** RFC 7807 problem body used by every non-2xx answer of the management API. */
export const Problem = z
  .object({
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: "ErrorResponse", description: "application/problem+json error body" });
export type Problem = z.infer<typeof Problem>;

export const Port = z
  .string()
  .regex(/^\d{1,5}\/(http|tcp|udp)$/, "must be formatted <port>/<protocol>, e.g. 8888/http");

export const Env = z.record(z.string(), z.string());

export const MajorMinor = z.string().regex(/^\d+\.\d+$/, "must be major.minor, e.g. 12.8");

/** Shared container configuration (templates, pods, endpoints). */
export const BaseContainerConfigShape = {
  image: z.string().min(1),
  args: z.string(),
  disk: z.number().int().min(1),
  ports: z.array(Port),
  env: Env,
};
export const ContainerConfigShape = {
  ...BaseContainerConfigShape,
  registry: z.string().min(1).nullable(),
};

export const IsoDateTime = z.iso.datetime({ offset: true });

/** `{id}` path parameter. */
export const IdParam = z.object({ id: z.string().min(1) });

// -------------------------------------------------------------------------------------------------
// Building blocks shared by several resource files. They live here because a resource file imports
// nothing of ours except this module, so each one can be read (and moved) on its own.

/** 1, 2, 4, 8…: vCPU counts must be powers of two (catalogue flavors come in those sizes). */
export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && Number.isInteger(Math.log2(n));
}

/** Seed "Field bounds": `vcpuCount` at least 2 and a power of two. */
export const VcpuCount = z.number().int().min(2).refine(isPowerOfTwo, "must be a power of two");

/** Pod lifecycle status (pods, and the primary pod of a cluster). */
export const PodStatus = z
  .enum(["PROVISIONING", "STARTING", "RUNNING", "EXITED", "ERROR", "TERMINATED"])
  .meta({ id: "PodStatus" });
export type PodStatus = z.infer<typeof PodStatus>;

/** Network volume storage tier (volumes, and the tiers a data center offers). */
export const VolumeType = z.enum(["STANDARD", "HIGH_PERFORMANCE"]).meta({ id: "VolumeType" });
export type VolumeType = z.infer<typeof VolumeType>;

/** CPU configuration as answered (CPU pods, read-only CPU endpoints): memory is derived from the flavor. */
export const CpuConfig = z
  .object({
    id: z.string().min(1),
    vcpuCount: VcpuCount,
    memory: z.number().int().min(1),
  })
  .meta({ id: "CpuConfig" });
export type CpuConfig = z.infer<typeof CpuConfig>;

/**
 * Mounts. Entry fields are schema-required, so an incomplete entry fails parsing (the seed's 422).
 * The rules that give 400 — both kinds at once, `network: []` on PATCH, a changed kind or volume —
 * are deliberately NOT in these schemas: they are checked by `mountRuleViolation` /
 * `mountPatchViolation` in `./pods`, so the service can answer them with their own status.
 */
export const PersistentMount = z
  .strictObject({
    /** GB; the reference's 10 GB floor. */
    size: z.number().int().min(10),
    path: z.string().min(1),
  })
  .meta({ id: "PersistentMount" });
export type PersistentMount = z.infer<typeof PersistentMount>;

export const NetworkMount = z
  .strictObject({
    volumeId: z.string().min(1),
    path: z.string().min(1),
  })
  .meta({ id: "NetworkMount" });
export type NetworkMount = z.infer<typeof NetworkMount>;

export const Mounts = z
  .strictObject({
    persistent: PersistentMount.optional(),
    /** An array for forward compatibility; at most one volume today. */
    network: z.array(NetworkMount).max(1).optional(),
  })
  .meta({ id: "Mounts" });
export type Mounts = z.infer<typeof Mounts>;

// Query strings arrive as strings: these turn them into typed values with the contract's bounds.

/**
 * Comma-separated query array (`style: form, explode: false`): `a,b` → `["a","b"]`; blank entries are
 * dropped. A preprocess (not a string pipe) so the OpenAPI document shows the array and its items.
 */
export function queryList<T extends z.ZodType>(item: T, bounds: { max?: number } = {}) {
  const list = bounds.max === undefined ? z.array(item) : z.array(item).max(bounds.max);
  return z.preprocess(
    (raw) =>
      typeof raw === "string"
        ? raw
            .split(",")
            .map((v) => v.trim())
            .filter((v) => v !== "")
        : raw,
    list,
  );
}

/**
 * Integer query parameter; `inner` carries the bounds (e.g. `z.number().int().min(1)`). Digits become a
 * number and anything else is left for `inner` to reject, so the OpenAPI document shows the integer.
 */
export function queryInt(inner: z.ZodType<number, number> = z.number().int()) {
  return z.preprocess(
    (raw) => (typeof raw === "string" && /^-?\d+$/.test(raw) ? Number(raw) : raw),
    inner,
  );
}

/** Boolean query parameter: exactly `true` or `false`, as the reference's boolean parameters. */
export const QueryBoolean = z.preprocess(
  (raw) => (raw === "true" ? true : raw === "false" ? false : raw),
  z.boolean(),
);

/** Log streams (pods and serverless workers), served as server-sent events. */
export const LogSource = z.enum(LOG_SOURCES).meta({ id: "LogSource" });
export type LogSource = z.infer<typeof LogSource>;

export const LogsQuery = z.object({
  /** Omit for both sources. */
  source: LogSource.optional(),
  /** Lines to backfill; the service applies the default of 100 so it can tell "omitted" from `since`. */
  tail: queryInt(z.number().int().min(0).max(5000)).optional(),
  since: IsoDateTime.optional(),
});
export type LogsQuery = z.infer<typeof LogsQuery>;

/** The `data:` payload of one log event. */
export const LogLine = z
  .object({ ts: IsoDateTime, source: LogSource, line: z.string() })
  .meta({ id: "LogLine" });
export type LogLine = z.infer<typeof LogLine>;

/**
 * The `data:` payload of one event of the console's endpoint-wide log stream (its workers' streams
 * merged): a worker's line and the worker it came from. Each event's `id` is
 * `<workerId>=<the worker stream's event id>`.
 */
export const WorkerLogLine = LogLine.extend({ worker: z.string().min(1) }).meta({
  id: "WorkerLogLine",
});
export type WorkerLogLine = z.infer<typeof WorkerLogLine>;

/** Container fields as request bodies take them: every one optional. */
export const OptionalBaseContainerConfigShape = {
  image: BaseContainerConfigShape.image.optional(),
  args: BaseContainerConfigShape.args.optional(),
  disk: BaseContainerConfigShape.disk.optional(),
  ports: BaseContainerConfigShape.ports.optional(),
  env: BaseContainerConfigShape.env.optional(),
};
export const OptionalContainerConfigShape = {
  ...OptionalBaseContainerConfigShape,
  registry: ContainerConfigShape.registry.optional(),
};

/**
 * A request-rule violation found by a helper rather than by a schema (the service chooses its status,
 * usually 400). `path` is the JSON path in the body, as in problem `errors[]`.
 */
export interface RuleViolation {
  path: string;
  message: string;
}
