import { describe, expect, it } from "vitest";
import { PlatformError } from "../../http/problem";
import { requestUrls } from "./endpoint-mapper";
import { placeWorkers } from "./endpoint-placement";
import { containerDiff, rollout } from "./endpoint-releases";
import { catalogViolations, resolveWorkers, type PlacementCatalog } from "./endpoint-rules";
import type { VolumeLookup } from "./volume-lookup";

const catalog: PlacementCatalog = {
  poolIds: () => ["ADA_24", "AMPERE_48"],
  cudaVersions: (pools) =>
    pools.includes("ADA_24") ? ["12.4", "12.8"] : pools.length ? ["12.4"] : [],
  dataCenterIds: () => new Set(["US-KS-2", "EU-RO-1"]),
};

function thrown(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error("expected a PlatformError");
}

describe("resolveWorkers", () => {
  const defaults = { min: 0, max: 3, idleTimeout: 10 };
  const queueDelay = { type: "QUEUE_DELAY", queueDelay: 1 } as const;
  const requestCount = { type: "REQUEST_COUNT", requestCount: 2 } as const;

  it("applies the create defaults", () => {
    expect(resolveWorkers("QUEUE", queueDelay, undefined, defaults)).toEqual(defaults);
  });

  it("drops idleTimeout for QUEUE + REQUEST_COUNT and rejects it when sent", () => {
    expect(resolveWorkers("QUEUE", requestCount, { max: 5 }, defaults)).toEqual({ min: 0, max: 5 });
    const err = thrown(() => resolveWorkers("QUEUE", requestCount, { idleTimeout: 3 }, defaults));
    expect(err.status).toBe(400);
    expect(err.errors?.[0]).toMatch(/^workers\.idleTimeout: /);
  });

  it("keeps idleTimeout for LOAD_BALANCER + REQUEST_COUNT", () => {
    expect(resolveWorkers("LOAD_BALANCER", requestCount, { idleTimeout: 3 }, defaults)).toEqual({
      min: 0,
      max: 3,
      idleTimeout: 3,
    });
  });

  it("names both bounds when min exceeds max", () => {
    const err = thrown(() => resolveWorkers("QUEUE", queueDelay, { min: 4 }, defaults));
    expect(err.errors).toEqual([
      expect.stringMatching(/^workers\.min: /),
      expect.stringMatching(/^workers\.max: /),
    ]);
  });
});

describe("catalogViolations", () => {
  it("names unknown pools, CUDA versions and data centers by index", () => {
    const v = catalogViolations(catalog, {
      pools: ["ADA_24", "NOPE"],
      cuda: { versions: ["12.8", "11.0"], pools: ["ADA_24", "NOPE"], fromTemplate: false },
      dataCenterIds: ["MARS-1"],
    });
    expect(v.map((x) => x.path)).toEqual([
      "gpu.pools[1]",
      "allowedCudaVersions[1]",
      "dataCenterIds[0]",
    ]);
  });

  it("matches CUDA versions exactly against the chosen pools only", () => {
    expect(
      catalogViolations(catalog, {
        cuda: { versions: ["12.8"], pools: ["AMPERE_48"], fromTemplate: true },
      }),
    ).toEqual([
      expect.objectContaining({
        path: "allowedCudaVersions[0]",
        message: expect.stringContaining("(from the template)"),
      }),
    ]);
    expect(
      catalogViolations(catalog, {
        cuda: { versions: ["12.4"], pools: ["AMPERE_48"], fromTemplate: false },
      }),
    ).toEqual([]);
  });
});

describe("placeWorkers", () => {
  const volumes: VolumeLookup = {
    get: async (_account, id) =>
      ({
        a: { id: "a", dataCenterId: "US-KS-2" },
        b: { id: "b", dataCenterId: "EU-RO-1" },
        c: { id: "c", dataCenterId: "US-KS-2" },
      })[id] ?? null,
  };

  it("without volumes keeps the requested placement", async () => {
    expect(await placeWorkers(volumes, "acc", [], ["EU-RO-1"])).toEqual({
      dataCenterIds: ["EU-RO-1"],
      volumeDataCenters: {},
    });
  });

  it("confines workers to the volumes' data centers", async () => {
    expect(await placeWorkers(volumes, "acc", ["a", "b"], [])).toEqual({
      dataCenterIds: ["US-KS-2", "EU-RO-1"],
      volumeDataCenters: { a: "US-KS-2", b: "EU-RO-1" },
    });
  });

  it("rejects two volumes in one data center and a placement without the volume's data center", async () => {
    await expect(placeWorkers(volumes, "acc", ["a", "c"], [])).rejects.toMatchObject({
      status: 400,
    });
    await expect(placeWorkers(volumes, "acc", ["a"], ["EU-RO-1"])).rejects.toMatchObject({
      status: 400,
      errors: [expect.stringMatching(/^dataCenterIds: must include US-KS-2/)],
    });
  });
});

describe("containerDiff and rollout", () => {
  const base = {
    image: "i:1",
    args: "",
    disk: 20,
    ports: [],
    env: { A: "1" },
    registry: null,
    gpu: { pools: ["ADA_24"], count: 1 },
  };

  it("diffs env per key and gpu per member", () => {
    expect(
      containerDiff(base, { ...base, env: { B: "2" }, gpu: { pools: ["ADA_24"], count: 2 } }),
    ).toEqual([
      { field: "env.A", old: "1", new: null },
      { field: "env.B", old: null, new: "2" },
      { field: "gpu.count", old: 1, new: 2 },
    ]);
  });

  it("reports no change for equal settings", () => {
    expect(containerDiff(base, { ...base, env: { A: "1" } })).toEqual([]);
  });

  it("rollout is 0% with no workers and not in progress", () => {
    expect(rollout(3, [])).toEqual({
      inProgress: false,
      workersOnLatest: 0,
      workersTotal: 0,
      percentOnLatest: 0,
    });
  });
});

describe("requestUrls", () => {
  it("builds LOAD_BALANCER health from HEALTH_CHECK_PATH with or without a leading slash", () => {
    expect(
      requestUrls(
        { id: "e1", type: "LOAD_BALANCER", env: { HEALTH_CHECK_PATH: "health" } },
        "http://h:1/",
      ),
    ).toEqual({
      base: "http://h:1/v2/e1",
      health: "http://h:1/v2/e1/health",
    });
  });
});
