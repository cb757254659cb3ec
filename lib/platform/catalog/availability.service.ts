import type { Kysely } from "kysely";
import { AvailabilityLevel } from "@/lib/schemas/catalog";
import type { Clock } from "../clock";
import {
  allDataCenters,
  baselineCpuLevel,
  baselineGpuLevel,
  cpuFlavorById,
  gpuTypeById,
  gpuTypesInPool,
} from "../management/catalog/catalog-view";
import type { Database } from "../store/schema";

/**
 * Simulated stock. Every (GPU type or CPU flavor, data center) pair with machines has a baseline
 * level from the catalogue data (some sold out), which overrides can change — fault injection uses
 * them to make a pool run dry or come back. Placement (pods, clusters, serverless workers)
 * asks this service, so what the catalogue shows is what placement does.
 *
 * Override scopes, most specific first when resolving:
 *   `gpu:<gpu type id>@<dc>`, `pool:<pool id>@<dc>`, `cpu:<flavor id>@<dc>`,
 *   `gpu:<gpu type id>`, `pool:<pool id>`, `cpu:<flavor id>`, `dc:<dc>`, `*`.
 */
export type Level = AvailabilityLevel;

const RANK: Record<Level, number> = { NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
export const levelRank = (l: Level) => RANK[l];
export const bestLevel = (levels: Level[]): Level =>
  levels.reduce<Level>((best, l) => (RANK[l] > RANK[best] ? l : best), "NONE");

/** Overrides are read at most this often from the store (other instances' changes show up within it). */
const CACHE_MS = 1000;

export class InvalidScopeError extends Error {}

/** Checks a scope string names something the catalogue has. */
export function parseScope(scope: string): {
  kind: "gpu" | "pool" | "cpu" | "dc" | "all";
  id?: string;
  dc?: string;
} {
  if (scope === "*") return { kind: "all" };
  const m = /^(gpu|pool|cpu|dc):([^@]+)(?:@(.+))?$/.exec(scope);
  if (!m)
    throw new InvalidScopeError(
      `scope must be "*", "dc:<id>" or "gpu|pool|cpu:<id>[@<dc>]", got "${scope}"`,
    );
  const kind = m[1] as "gpu" | "pool" | "cpu" | "dc";
  const id = m[2]!;
  const dc = m[3];
  const dcs = new Set(allDataCenters().map((d) => d.id));
  if (kind === "dc") {
    if (dc !== undefined) throw new InvalidScopeError(`a dc scope takes no @<dc> part`);
    if (!dcs.has(id)) throw new InvalidScopeError(`unknown data center ${id}`);
    return { kind, id };
  }
  if (dc !== undefined && !dcs.has(dc)) throw new InvalidScopeError(`unknown data center ${dc}`);
  if (kind === "gpu" && !gpuTypeById(id)) throw new InvalidScopeError(`unknown GPU type ${id}`);
  if (kind === "pool" && gpuTypesInPool(id).length === 0)
    throw new InvalidScopeError(`unknown GPU pool ${id}`);
  if (kind === "cpu" && !cpuFlavorById(id)) throw new InvalidScopeError(`unknown CPU flavor ${id}`);
  return { kind, id, ...(dc !== undefined ? { dc } : {}) };
}

/** Levels at one moment: one store read, then any number of synchronous questions. */
export class AvailabilitySnapshot {
  constructor(private readonly overrides: ReadonlyMap<string, Level>) {}

  private resolve(keys: string[], base: () => Level): Level {
    for (const k of keys) {
      const o = this.overrides.get(k);
      if (o !== undefined) return o;
    }
    return base();
  }

  /** A GPU type in a data center; NONE where the catalogue has no such machines. */
  gpu(gpuTypeId: string, dataCenterId: string): Level {
    const gpu = gpuTypeById(gpuTypeId);
    if (!gpu || !gpu.dataCenterIds.includes(dataCenterId)) return "NONE";
    const pool = gpu.pool;
    const keys = [`gpu:${gpu.id}@${dataCenterId}`];
    if (pool) keys.push(`pool:${pool}@${dataCenterId}`);
    keys.push(`gpu:${gpu.id}`);
    if (pool) keys.push(`pool:${pool}`);
    keys.push(`dc:${dataCenterId}`, "*");
    return this.resolve(keys, () => baselineGpuLevel(gpu.id, dataCenterId));
  }

  /** A CPU flavor in a data center. */
  cpu(flavorId: string, dataCenterId: string): Level {
    const cpu = cpuFlavorById(flavorId);
    if (!cpu || !cpu.dataCenterIds.includes(dataCenterId)) return "NONE";
    return this.resolve(
      [`cpu:${cpu.id}@${dataCenterId}`, `cpu:${cpu.id}`, `dc:${dataCenterId}`, "*"],
      () => baselineCpuLevel(cpu.id, dataCenterId),
    );
  }

  /** A serverless pool in a data center: its best member GPU type there. */
  pool(poolId: string, dataCenterId: string): Level {
    return bestLevel(gpuTypesInPool(poolId).map((g) => this.gpu(g.id, dataCenterId)));
  }

  /** Any resource id (GPU type, pool or CPU flavor), in one data center or the best of all. */
  level(resourceId: string, dataCenterId?: string): Level {
    const dcs = dataCenterId !== undefined ? [dataCenterId] : allDataCenters().map((d) => d.id);
    const one = (dc: string): Level => {
      if (gpuTypeById(resourceId)) return this.gpu(resourceId, dc);
      if (cpuFlavorById(resourceId)) return this.cpu(resourceId, dc);
      return this.pool(resourceId, dc);
    };
    return bestLevel(dcs.map(one));
  }
}

export class AvailabilityService {
  private cache: { at: number; overrides: Map<string, Level> } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Sets (or with `null` clears) an override; throws InvalidScopeError for an unknown scope. */
  async setOverride(scope: string, level: Level | null): Promise<void> {
    parseScope(scope);
    if (level === null) {
      await this.db.deleteFrom("availability_overrides").where("scope", "=", scope).execute();
    } else {
      const lvl = AvailabilityLevel.parse(level);
      const now = this.clock.now();
      await this.db
        .insertInto("availability_overrides")
        .values({ scope, level: lvl, updated_at: now })
        .onConflict((oc) => oc.column("scope").doUpdateSet({ level: lvl, updated_at: now }))
        .execute();
    }
    this.cache = undefined;
  }

  async clearOverrides(): Promise<void> {
    await this.db.deleteFrom("availability_overrides").execute();
    this.cache = undefined;
  }

  async listOverrides(): Promise<{ scope: string; level: Level }[]> {
    const map = await this.load();
    return [...map.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([scope, level]) => ({ scope, level }));
  }

  async snapshot(): Promise<AvailabilitySnapshot> {
    return new AvailabilitySnapshot(await this.load());
  }

  /**
   * Whether a GPU type, serverless pool or CPU flavor can take one more pod or worker now (in one
   * data center, or anywhere). For the job engine's worker placement.
   */
  async hasCapacity(gpuTypeOrPool: string, dataCenterId?: string): Promise<boolean> {
    return (await this.snapshot()).level(gpuTypeOrPool, dataCenterId) !== "NONE";
  }

  private async load(): Promise<Map<string, Level>> {
    const now = Date.now(); // cache freshness is wall-clock infrastructure, not domain time
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.overrides;
    const rows = await this.db.selectFrom("availability_overrides").selectAll().execute();
    const overrides = new Map(rows.map((r) => [r.scope, r.level as Level]));
    this.cache = { at: now, overrides };
    return overrides;
  }
}
