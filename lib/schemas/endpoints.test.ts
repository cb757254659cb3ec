import { describe, expect, it } from "vitest";
import {
  bodySetsCpu,
  CreateEndpointInput,
  Endpoint,
  endpointRuleViolations,
  ListEndpointWorkersResponse,
  ListReleasesResponse,
  UpdateEndpointInput,
} from "./endpoints";
import { failedPaths, parsed } from "./test-helpers";

const base = {
  name: "image-generator",
  type: "QUEUE",
  image: "runpod/mock-worker:latest",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
};

describe("CreateEndpointInput", () => {
  const valid: [string, unknown][] = [
    ["a minimal queue endpoint", base],
    [
      "a load balancer scaling on request count",
      { ...base, type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 1 } },
    ],
    [
      "a templateId without image (image-unless-template is a service rule)",
      { ...base, image: undefined, templateId: "tpl1" },
    ],
    ["queueDelay at its 0.5 floor", { ...base, scaling: { type: "QUEUE_DELAY", queueDelay: 0.5 } }],
    ["idleTimeout at 1 and at 3600", { ...base, workers: { min: 0, max: 1, idleTimeout: 3600 } }],
    [
      "every optional field",
      {
        ...base,
        args: "python handler.py",
        disk: 1,
        ports: ["8000/http", "22/tcp"],
        env: { MODEL: "sdxl" },
        registry: null,
        workers: { min: 1, max: 5, idleTimeout: 1 },
        dataCenterIds: ["US-KS-2"],
        networkVolumes: ["vol1"],
        timeout: 1,
        flashboot: "PRIORITY_FLASHBOOT",
        allowedCudaVersions: ["12.8", "13.0"],
        gpu: { pools: ["ADA_24", "AMPERE_24"], count: 2 },
      },
    ],
    ["an empty allowedCudaVersions (any version)", { ...base, allowedCudaVersions: [] }],
  ];
  it.each(valid)("CreateEndpointInput – accepts %s", (_, body) => {
    expect(failedPaths(CreateEndpointInput, body)).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ["idleTimeout above 3600", { ...base, workers: { idleTimeout: 3601 } }, "workers.idleTimeout"],
    ["idleTimeout of 0", { ...base, workers: { idleTimeout: 0 } }, "workers.idleTimeout"],
    ["a fractional idleTimeout", { ...base, workers: { idleTimeout: 1.5 } }, "workers.idleTimeout"],
    ["a negative workers.min", { ...base, workers: { min: -1 } }, "workers.min"],
    ["an unknown property in workers", { ...base, workers: { min: 0, burst: 2 } }, "workers.burst"],
    [
      "queueDelay below 0.5",
      { ...base, scaling: { type: "QUEUE_DELAY", queueDelay: 0.4 } },
      "scaling.queueDelay",
    ],
    [
      "requestCount of 0",
      { ...base, scaling: { type: "REQUEST_COUNT", requestCount: 0 } },
      "scaling.requestCount",
    ],
    [
      "a fractional requestCount",
      { ...base, scaling: { type: "REQUEST_COUNT", requestCount: 1.5 } },
      "scaling.requestCount",
    ],
    [
      "an unknown scaler type",
      { ...base, scaling: { type: "CPU_LOAD", value: 1 } },
      "scaling.type",
    ],
    [
      "requestCount on the QUEUE_DELAY variant",
      { ...base, scaling: { type: "QUEUE_DELAY", queueDelay: 1, requestCount: 2 } },
      "scaling.requestCount",
    ],
    ["a missing name", { ...base, name: undefined }, "name"],
    ["an empty name", { ...base, name: "" }, "name"],
    ["a missing type", { ...base, type: undefined }, "type"],
    ["an unknown type", { ...base, type: "BATCH" }, "type"],
    ["a missing gpu", { ...base, gpu: undefined }, "gpu"],
    ["a missing scaling", { ...base, scaling: undefined }, "scaling"],
    ["empty gpu.pools", { ...base, gpu: { pools: [] } }, "gpu.pools"],
    ["gpu.count of 0", { ...base, gpu: { pools: ["ADA_24"], count: 0 } }, "gpu.count"],
    [
      "allowedCudaVersions inside gpu (the seed puts it top level)",
      { ...base, gpu: { pools: ["ADA_24"], allowedCudaVersions: [] } },
      "gpu.allowedCudaVersions",
    ],
    [
      "gpu.excludedTypes (not in the seed)",
      { ...base, gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA L4"] } },
      "gpu.excludedTypes",
    ],
    [
      "a cpu block (CPU create is unsupported)",
      { ...base, cpu: { id: "cpu5c", vcpuCount: 4 } },
      "cpu",
    ],
    ["an unknown top-level property", { ...base, bogus: true }, "bogus"],
    ["a port without protocol", { ...base, ports: ["8000"] }, "ports.0"],
    ["disk of 0", { ...base, disk: 0 }, "disk"],
    ["a non-string env value", { ...base, env: { N: 1 } }, "env.N"],
    [
      "a bare-major CUDA version",
      { ...base, allowedCudaVersions: ["12"] },
      "allowedCudaVersions.0",
    ],
    [
      "a three-part CUDA version",
      { ...base, allowedCudaVersions: ["12.8.1"] },
      "allowedCudaVersions.0",
    ],
    ["timeout of 0", { ...base, timeout: 0 }, "timeout"],
    ["an unknown flashboot mode", { ...base, flashboot: "ON" }, "flashboot"],
    ["an empty templateId", { ...base, templateId: "" }, "templateId"],
  ];
  it.each(invalid)("CreateEndpointInput – rejects %s", (_, body, path) => {
    expect(failedPaths(CreateEndpointInput, body)).toContain(path);
  });

  it("CreateEndpointInput – defaults gpu.count to 1 and leaves service defaults unset", () => {
    const out = parsed(CreateEndpointInput, base);
    expect(out.gpu.count).toBe(1);
    expect(out.workers).toBeUndefined();
    expect(out.timeout).toBeUndefined();
    expect(out.flashboot).toBeUndefined();
  });
});

describe("UpdateEndpointInput", () => {
  const valid: [string, unknown][] = [
    ["an empty body", {}],
    ["a scaler switch", { scaling: { type: "REQUEST_COUNT", requestCount: 3 } }],
    ["a gpu count alone (pools optional on PATCH)", { gpu: { count: 2 } }],
    ["an empty allowedCudaVersions (clears)", { allowedCudaVersions: [] }],
    ["registry null (clears the credential)", { registry: null }],
    ["templateId", { templateId: "tpl1" }],
  ];
  it.each(valid)("UpdateEndpointInput – accepts %s", (_, body) => {
    expect(failedPaths(UpdateEndpointInput, body)).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ["a type change (fixed at create)", { type: "LOAD_BALANCER" }, "type"],
    ["a cpu block", { cpu: { id: "cpu5c", vcpuCount: 4 } }, "cpu"],
    ["empty gpu.pools", { gpu: { pools: [] } }, "gpu.pools"],
    ["idleTimeout above 3600", { workers: { idleTimeout: 4000 } }, "workers.idleTimeout"],
    ["an empty name", { name: "" }, "name"],
    ["an unknown property", { paused: true }, "paused"],
  ];
  it.each(invalid)("UpdateEndpointInput – rejects %s", (_, body, path) => {
    expect(failedPaths(UpdateEndpointInput, body)).toContain(path);
  });

  it("UpdateEndpointInput – adds no defaults to a partial gpu", () => {
    expect(parsed(UpdateEndpointInput, { gpu: { pools: ["ADA_24"] } }).gpu).toEqual({
      pools: ["ADA_24"],
    });
  });
});

describe("endpoint rules", () => {
  const cases: [string, Parameters<typeof endpointRuleViolations>[0], string[]][] = [
    [
      "QUEUE with QUEUE_DELAY and idleTimeout is fine",
      {
        type: "QUEUE",
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
        workers: { idleTimeout: 5 },
      },
      [],
    ],
    [
      "LOAD_BALANCER with REQUEST_COUNT and idleTimeout is fine",
      {
        type: "LOAD_BALANCER",
        scaling: { type: "REQUEST_COUNT", requestCount: 2 },
        workers: { idleTimeout: 5 },
      },
      [],
    ],
    [
      "LOAD_BALANCER needs REQUEST_COUNT",
      { type: "LOAD_BALANCER", scaling: { type: "QUEUE_DELAY", queueDelay: 4 } },
      ["scaling.type"],
    ],
    [
      "QUEUE with REQUEST_COUNT rejects idleTimeout",
      {
        type: "QUEUE",
        scaling: { type: "REQUEST_COUNT", requestCount: 2 },
        workers: { idleTimeout: 5 },
      },
      ["workers.idleTimeout"],
    ],
    [
      "QUEUE with REQUEST_COUNT without idleTimeout is fine",
      { type: "QUEUE", scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { min: 0 } },
      [],
    ],
  ];
  it.each(cases)("endpointRuleViolations – %s", (_, config, paths) => {
    expect(endpointRuleViolations(config).map((v) => v.path)).toEqual(paths);
  });

  it.each([
    ["a body with cpu", { cpu: [] }, true],
    ["a body without cpu", { gpu: {} }, false],
    ["a non-object", "cpu", false],
    ["null", null, false],
  ])("bodySetsCpu – %s", (_, raw, expected) => {
    expect(bodySetsCpu(raw)).toBe(expected);
  });
});

describe("endpoint responses", () => {
  const endpoint = {
    id: "4m7x2k9q",
    name: "image-generator",
    type: "QUEUE",
    requestUrls: {
      run: "https://api.example.test/v2/4m7x2k9q/run",
      runSync: "https://api.example.test/v2/4m7x2k9q/runsync",
      status: "https://api.example.test/v2/4m7x2k9q/status/{job_id}",
      stream: "https://api.example.test/v2/4m7x2k9q/stream/{job_id}",
      cancel: "https://api.example.test/v2/4m7x2k9q/cancel/{job_id}",
      retry: "https://api.example.test/v2/4m7x2k9q/retry/{job_id}",
      purgeQueue: "https://api.example.test/v2/4m7x2k9q/purge-queue",
      health: "https://api.example.test/v2/4m7x2k9q/health",
    },
    image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
    args: "",
    disk: 20,
    ports: ["8000/http"],
    env: { MODEL_NAME: "sdxl" },
    registry: null,
    gpu: { pools: ["ADA_24"], count: 1 },
    workers: { min: 0, max: 5, idleTimeout: 5 },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    dataCenterIds: ["US-KS-2"],
    networkVolumes: ["2q9m7x4c"],
    timeout: 300000,
    flashboot: "OFF",
    allowedCudaVersions: [],
    createdAt: "2026-06-01T12:00:00Z",
  };

  it("Endpoint – accepts a queue endpoint with its request URLs", () => {
    expect(failedPaths(Endpoint, endpoint)).toEqual([]);
  });

  it("Endpoint – accepts load-balancer URLs and a workers object without idleTimeout", () => {
    const lb = {
      ...endpoint,
      type: "LOAD_BALANCER",
      requestUrls: {
        base: "https://4m7x2k9q.api.example.test",
        health: "https://4m7x2k9q.api.example.test/ping",
      },
      workers: { min: 0, max: 3 },
      scaling: { type: "REQUEST_COUNT", requestCount: 4 },
    };
    expect(failedPaths(Endpoint, lb)).toEqual([]);
  });

  it("Endpoint – strips the reference's extra gpu members instead of failing", () => {
    const out = parsed(Endpoint, {
      ...endpoint,
      gpu: { pools: ["ADA_24"], count: 1, minCudaVersion: null },
    });
    expect(out.gpu).toEqual({ pools: ["ADA_24"], count: 1 });
  });

  it.each([
    ["allowedCudaVersions", "allowedCudaVersions"],
    ["workers", "workers"],
    ["createdAt", "createdAt"],
  ])("Endpoint – requires %s", (field, path) => {
    const { [field as keyof typeof endpoint]: _, ...rest } = endpoint;
    expect(failedPaths(Endpoint, rest)).toContain(path);
  });

  it("ListEndpointWorkersResponse – accepts the reference example", () => {
    const body = {
      endpointVersion: 4,
      summary: { running: 1, idle: 1, initializing: 0, throttled: 0, unhealthy: 0, total: 2 },
      workers: [
        {
          id: "8g3n5t6r",
          status: "RUNNING",
          isStale: false,
          version: 4,
          gpuCount: 1,
          image: "x",
          uptimeSeconds: 3600,
          gpuTypeId: "NVIDIA GeForce RTX 4090",
          dataCenterId: "US-KS-2",
          startedAt: "2026-06-01T12:05:00Z",
        },
        {
          id: "9h4p6u7s",
          status: "INITIALIZING",
          isStale: true,
          version: null,
          gpuCount: 1,
          image: null,
          uptimeSeconds: null,
          gpuTypeId: null,
          dataCenterId: null,
          startedAt: null,
        },
      ],
    };
    expect(failedPaths(ListEndpointWorkersResponse, body)).toEqual([]);
  });

  it("ListReleasesResponse – accepts the reference example", () => {
    const body = {
      endpointVersion: 4,
      rollout: { inProgress: true, workersOnLatest: 1, workersTotal: 2, percentOnLatest: 50 },
      releases: [
        {
          id: "5r9x2m7q",
          version: 4,
          source: "MANUAL",
          buildId: null,
          createdByUserId: null,
          workerCount: 2,
          createdAt: "2026-06-01T12:00:00Z",
          diff: [{ field: "workers.max", old: 5, new: 10 }],
        },
      ],
    };
    expect(failedPaths(ListReleasesResponse, body)).toEqual([]);
  });
});
