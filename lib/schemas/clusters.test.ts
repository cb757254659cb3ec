import { describe, expect, it } from "vitest";
import { Cluster, CreateClusterInput, UpdateClusterInput } from "./clusters";
import { failedPaths, parsed } from "./test-helpers";

const body = {
  name: "training",
  type: "TRAINING",
  image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
  compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
};

describe("clusters", () => {
  it("CreateClusterInput – accepts a two-node cluster and defaults the pod flags to false", () => {
    expect(parsed(CreateClusterInput, body)).toMatchObject({
      startSsh: false,
      startJupyter: false,
    });
  });

  it.each([
    ["one pod", { ...body, compute: { ...body.compute, podCount: 1 } }, "compute.podCount"],
    ["251 pods", { ...body, compute: { ...body.compute, podCount: 251 } }, "compute.podCount"],
    [
      "zero GPUs per pod",
      { ...body, compute: { ...body.compute, gpuCountPerPod: 0 } },
      "compute.gpuCountPerPod",
    ],
    [
      "a registry credential (clusters take base container fields only)",
      { ...body, registry: "r1" },
      "registry",
    ],
    ["an unknown type", { ...body, type: "MPI" }, "type"],
  ])("CreateClusterInput – rejects %s", (_, input, path) => {
    expect(failedPaths(CreateClusterInput, input)).toContain(path);
  });

  it.each([
    ["an empty body", {}, "name"],
    ["a compute change", { name: "n", compute: {} }, "compute"],
  ])("UpdateClusterInput – rejects %s", (_, input, path) => {
    expect(failedPaths(UpdateClusterInput, input)).toContain(path);
  });

  it("Cluster – accepts a summary with counts by status", () => {
    const cluster = {
      id: "c1",
      name: "training",
      type: "TRAINING",
      compute: body.compute,
      pods: { total: 2, byStatus: { RUNNING: 2 } },
      primary: { podId: "p1", status: "RUNNING" },
      createdAt: "2026-06-01T12:00:00Z",
    };
    expect(failedPaths(Cluster, cluster)).toEqual([]);
  });
});
