import { describe, expect, it } from "vitest";
import {
  CreateNetworkVolumeInput,
  CreateNetworkVolumeV1Input,
  NetworkVolume,
  UpdateNetworkVolumeInput,
  UpdateNetworkVolumeV1Input,
} from "./network-volumes";
import { failedPaths } from "./test-helpers";

const v2 = { name: "training-dataset", size: 50, dataCenter: "US-KS-2" };
const v1 = { name: "my-network-volume", size: 100, dataCenterId: "US-KS-2" };

describe("v2 network volumes", () => {
  it.each([
    ["the smallest size, 10 GB", { ...v2, size: 10 }],
    ["the largest size, 4096 GB", { ...v2, size: 4096 }],
    ["an explicit tier", { ...v2, type: "HIGH_PERFORMANCE" }],
  ])("CreateNetworkVolumeInput – accepts %s", (_, body) => {
    expect(failedPaths(CreateNetworkVolumeInput, body)).toEqual([]);
  });

  it.each([
    ["a size below 10 GB", { ...v2, size: 9 }, "size"],
    ["a size above 4096 GB", { ...v2, size: 4097 }, "size"],
    ["a fractional size", { ...v2, size: 10.5 }, "size"],
    ["the v1 field dataCenterId", { name: "x", size: 10, dataCenterId: "US-KS-2" }, "dataCenterId"],
    ["an unknown tier", { ...v2, type: "FAST" }, "type"],
    ["an empty data center", { ...v2, dataCenter: "" }, "dataCenter"],
  ])("CreateNetworkVolumeInput – rejects %s", (_, body, path) => {
    expect(failedPaths(CreateNetworkVolumeInput, body)).toContain(path);
  });

  it.each([
    ["a rename", { name: "n" }],
    ["a resize", { size: 100 }],
  ])("UpdateNetworkVolumeInput – accepts %s", (_, body) => {
    expect(failedPaths(UpdateNetworkVolumeInput, body)).toEqual([]);
  });

  it.each([
    ["an empty body (at least one property)", {}, "$"],
    ["a type change (immutable)", { type: "STANDARD" }, "type"],
    ["a size above 4096 GB", { size: 5000 }, "size"],
  ])("UpdateNetworkVolumeInput – rejects %s", (_, body, path) => {
    expect(failedPaths(UpdateNetworkVolumeInput, body)).toContain(path);
  });

  it("NetworkVolume – accepts a small volume created through v1", () => {
    expect(
      failedPaths(NetworkVolume, {
        id: "a",
        name: "b",
        size: 5,
        dataCenter: "EU-RO-1",
        type: "STANDARD",
      }),
    ).toEqual([]);
  });
});

describe("v1 network volumes", () => {
  it.each([
    ["the docs example", v1],
    ["1 GB", { ...v1, size: 1 }],
    ["5000 GB (the support limit is a service rule)", { ...v1, size: 5000 }],
  ])("CreateNetworkVolumeV1Input – accepts %s", (_, body) => {
    expect(failedPaths(CreateNetworkVolumeV1Input, body)).toEqual([]);
  });

  it.each([
    ["a size of 0", { ...v1, size: 0 }, "size"],
    ["a missing dataCenterId", { name: "x", size: 10 }, "dataCenterId"],
    ["the v2 field dataCenter", { name: "x", size: 10, dataCenter: "US-KS-2" }, "dataCenter"],
    ["a tier (not part of v1 create)", { ...v1, type: "STANDARD" }, "type"],
    ["a string size", { ...v1, size: "100" }, "size"],
  ])("CreateNetworkVolumeV1Input – rejects %s", (_, body, path) => {
    expect(failedPaths(CreateNetworkVolumeV1Input, body)).toContain(path);
  });

  it("UpdateNetworkVolumeV1Input – rejects an unknown property", () => {
    expect(failedPaths(UpdateNetworkVolumeV1Input, { size: 20, dataCenterId: "x" })).toContain(
      "dataCenterId",
    );
  });
});
