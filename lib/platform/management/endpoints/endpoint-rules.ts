import type { RuleViolation } from "@/lib/schemas/common";
import {
  ENDPOINT_DEFAULTS,
  endpointRuleViolations,
  type EndpointScaling,
  type EndpointType,
  type EndpointWorkers,
  type EndpointWorkersState,
} from "@/lib/schemas/endpoints";
import { problem } from "../../http/problem";

/** What the endpoint rules need from the GPU catalogue (lib/platform/catalog). */
export interface PlacementCatalog {
  poolIds(): readonly string[];
  /** CUDA versions (`major.minor`) offered by the GPU types of these pools together, ascending. */
  cudaVersions(pools: readonly string[]): readonly string[];
  dataCenterIds(): ReadonlySet<string>;
}

export const line = (v: RuleViolation) => `${v.path}: ${v.message}`;

/** 400 for rule violations (valid shape, broken rule), naming each field. */
export function ruleProblem(violations: RuleViolation[], status = 400) {
  const errors = violations.map(line);
  return problem(
    status,
    errors.length === 1 ? errors[0]! : `${errors.length} endpoint rules violated`,
    errors,
  );
}

/** Order-preserving de-duplication: listing a pool or data center twice means it once. */
export const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/**
 * The worker range of the resulting endpoint. `sent` is the body's `workers` (its `idleTimeout` is
 * what the seed rejects for QUEUE + REQUEST_COUNT); `base` is the stored range (PATCH) or the
 * create defaults. For that combination `idleTimeout` is dropped, so responses omit it.
 */
export function resolveWorkers(
  type: EndpointType,
  scaling: EndpointScaling,
  sent: EndpointWorkers | undefined,
  base: EndpointWorkersState,
): EndpointWorkersState {
  const violations = endpointRuleViolations({ type, scaling, workers: sent }).filter(
    (v) => v.path === "workers.idleTimeout",
  );
  if (violations.length > 0) throw ruleProblem(violations);
  const min = sent?.min ?? base.min;
  const max = sent?.max ?? base.max;
  if (min > max) {
    throw problem(400, `workers.min (${min}) must not be greater than workers.max (${max})`, [
      `workers.min: must be at most workers.max (${max})`,
      `workers.max: must be at least workers.min (${min})`,
    ]);
  }
  if (type === "QUEUE" && scaling.type === "REQUEST_COUNT") return { min, max };
  return {
    min,
    max,
    idleTimeout: sent?.idleTimeout ?? base.idleTimeout ?? ENDPOINT_DEFAULTS.workers.idleTimeout,
  };
}

/** Seed: a LOAD_BALANCER endpoint must scale on REQUEST_COUNT (QUEUE_DELAY is for queue endpoints). */
export function scalingViolations(type: EndpointType, scaling: EndpointScaling): RuleViolation[] {
  return endpointRuleViolations({ type, scaling }).filter((v) => v.path === "scaling.type");
}

/** Pools, CUDA versions and data centers checked against the catalogue; only the parts given are checked. */
export function catalogViolations(
  catalog: PlacementCatalog,
  check: {
    pools?: readonly string[];
    cuda?: { versions: readonly string[]; pools: readonly string[]; fromTemplate: boolean };
    dataCenterIds?: readonly string[];
  },
): RuleViolation[] {
  const out: RuleViolation[] = [];
  const knownPools = new Set(catalog.poolIds());
  check.pools?.forEach((pool, i) => {
    if (!knownPools.has(pool)) {
      out.push({
        path: `gpu.pools[${i}]`,
        message: `unknown GPU pool "${pool}"; known pools: ${[...knownPools].join(", ")}`,
      });
    }
  });
  if (check.cuda && check.cuda.versions.length > 0) {
    const pools = check.cuda.pools.filter((p) => knownPools.has(p));
    const offered = catalog.cudaVersions(pools);
    check.cuda.versions.forEach((v, i) => {
      if (!offered.includes(v)) {
        const origin = check.cuda!.fromTemplate ? " (from the template)" : "";
        out.push({
          path: `allowedCudaVersions[${i}]`,
          message: `CUDA ${v}${origin} is not offered by the GPU types of pools ${pools.join(", ") || "(none)"}; offered: ${offered.join(", ") || "none"}`,
        });
      }
    });
  }
  const knownDcs = catalog.dataCenterIds();
  check.dataCenterIds?.forEach((dc, i) => {
    if (!knownDcs.has(dc))
      out.push({ path: `dataCenterIds[${i}]`, message: `unknown data center "${dc}"` });
  });
  return out;
}
