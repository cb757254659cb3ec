import { afterAll, beforeAll, expect, it } from "vitest";
import type { CpuType, DataCenter, GpuType } from "@/lib/schemas/catalog";
import { describeEachBackend } from "./support/backends";
import { body, setAvailability } from "./support/compute";
import { problemOf } from "./support/problems";
import { startTestPlatform, type TestPlatform } from "./support/platform";

const RTX4090 = "NVIDIA GeForce RTX 4090";
const enc = encodeURIComponent;

describeEachBackend(
  "Catalogue (/v2/catalog/gpus, /cpus, /datacenters) and simulated availability",
  (backend) => {
    let p: TestPlatform;
    let readOnlyKey: string;
    beforeAll(async () => {
      p = await startTestPlatform({ backend });
      const key = await body<{ key: string }>(
        await p.request("/_platform/keys", {
          method: "POST",
          json: { name: "ro", permission: { type: "restricted", families: {} } },
        }),
        201,
      );
      readOnlyKey = key.key;
    });
    afterAll(async () => p?.close());

    const gpus = async (q = "") =>
      (await body<{ gpus: GpuType[] }>(await p.request(`/v2/catalog/gpus${q}`), 200)).gpus;
    const gpu = async (id: string, q = "") =>
      body<GpuType>(await p.request(`/v2/catalog/gpus/${enc(id)}${q}`), 200);

    it("GET /v2/catalog/gpus lists GPU types with pool, prices and per-cloud maxCount; no availability unless asked", async () => {
      const list = await gpus();
      const rtx = list.find((g) => g.id === RTX4090);
      expect(rtx).toEqual({
        id: RTX4090,
        name: "RTX 4090",
        pool: "ADA_24",
        manufacturer: "NVIDIA",
        memory: 24,
        secure: true,
        community: true,
        price: { secure: 0.44, community: 0.31, serverless: 1.12 },
        maxCount: { secure: 8, community: 4 },
      });
      expect(list.find((g) => g.id === "AMD Instinct MI300X OAM")).toMatchObject({
        pool: null,
        manufacturer: "AMD",
      });
      expect(list.every((g) => g.availability === undefined && g.dataCenters === undefined)).toBe(
        true,
      );
    });

    it("the catalogue is readable by any valid key (even one without resource access), not without a key", async () => {
      await body(await p.request("/v2/catalog/gpus", { auth: readOnlyKey }), 200);
      await problemOf(await p.request("/v2/catalog/gpus", { auth: null }), 401);
    });

    it("include=AVAILABILITY&product=POD adds availability, per-data-center stock and cudaVersions", async () => {
      const rtx = await gpu(RTX4090, "?include=AVAILABILITY&product=POD");
      expect(rtx.availability).toBe("HIGH");
      expect(rtx.dataCenters).toContainEqual({
        id: "US-KS-2",
        name: "US Kansas 2",
        availability: "HIGH",
      });
      expect(rtx.dataCenters).toContainEqual({
        id: "EU-RO-1",
        name: "EU Romania 1",
        availability: "NONE",
      });
      expect(rtx.cudaVersions?.map((c) => c.version)).toContain("12.8");
      expect(rtx.cudaVersions?.every((c) => c.available)).toBe(true);
      const amd = await gpu("AMD Instinct MI300X OAM", "?include=AVAILABILITY&product=POD");
      expect(amd.cudaVersions).toBeUndefined();
    });

    it("a type sold out everywhere reports NONE and omits dataCenters", async () => {
      const b300 = await gpu("NVIDIA B300 SXM6 AC", "?include=AVAILABILITY&product=POD");
      expect(b300.availability).toBe("NONE");
      expect(b300.dataCenters).toBeUndefined();
      expect(b300.cudaVersions?.every((c) => !c.available)).toBe(true);
    });

    it("availability folds in count, cloud, CUDA filters and product", async () => {
      expect((await gpu(RTX4090, "?include=AVAILABILITY&product=POD&count=9")).availability).toBe(
        "NONE",
      );
      expect(
        (await gpu(RTX4090, "?include=AVAILABILITY&product=POD&cloud=COMMUNITY&count=4"))
          .availability,
      ).not.toBe("NONE");
      expect(
        (await gpu("NVIDIA A40", "?include=AVAILABILITY&product=POD&cloud=COMMUNITY")).availability,
      ).toBe("NONE");
      const cuda = await gpu(RTX4090, "?include=AVAILABILITY&product=POD&cudaVersions=12.4,12.8");
      expect(cuda.cudaVersions?.map((c) => c.version)).toEqual(["12.4", "12.8"]);
      expect(
        (await gpu(RTX4090, "?include=AVAILABILITY&product=POD&cudaVersions=10.1")).availability,
      ).toBe("NONE");
      const floor = await gpu(RTX4090, "?include=AVAILABILITY&product=POD&minCudaVersion=13");
      expect(floor.cudaVersions?.map((c) => c.version)).toEqual(["13.0"]);
      const amd = await gpu("AMD Instinct MI300X OAM", "?include=AVAILABILITY&product=SERVERLESS");
      expect(amd.availability).toBe("NONE"); // not in a serverless pool
    });

    it("countryCodes narrows availability to those countries; the list drops types with no site there", async () => {
      const list = await gpus("?include=AVAILABILITY&product=POD&countryCodes=JP");
      expect(list.map((g) => g.id).sort()).toEqual(["NVIDIA H100 80GB HBM3", "NVIDIA L4"]);
      const h100 = list.find((g) => g.id === "NVIDIA H100 80GB HBM3");
      expect(h100?.dataCenters?.map((d) => d.id)).toEqual(["AP-JP-1"]);
      const rtx = await gpu(RTX4090, "?include=AVAILABILITY&product=POD&countryCodes=JP");
      expect(rtx.availability).toBe("NONE");
      expect(rtx.dataCenters).toBeUndefined();
    });

    it.each([
      [
        "include without product",
        "?include=AVAILABILITY",
        400,
        "product: is required with include=AVAILABILITY",
      ],
      [
        "product without include",
        "?product=POD",
        400,
        "product: is valid only with include=AVAILABILITY",
      ],
      ["count without include", "?count=2", 400, "count: is valid only with include=AVAILABILITY"],
      [
        "cudaVersions with minCudaVersion",
        "?include=AVAILABILITY&product=POD&cudaVersions=12.8&minCudaVersion=12",
        400,
        "minCudaVersion: cannot be combined with cudaVersions",
      ],
      [
        "an unknown include",
        "?include=PRICES&product=POD",
        422,
        "include[0]: must be AVAILABILITY",
      ],
      [
        "an unknown product",
        "?include=AVAILABILITY&product=EVERYTHING",
        422,
        "product[0]: choose one of",
      ],
      [
        "a malformed country code",
        "?include=AVAILABILITY&product=POD&countryCodes=fr",
        422,
        "countryCodes[0]: must be an uppercase ISO 3166-1 alpha-2 code",
      ],
      [
        "a bare major in cudaVersions",
        "?include=AVAILABILITY&product=POD&cudaVersions=12",
        422,
        "cudaVersions[0]: must be major.minor",
      ],
      ["count 0", "?include=AVAILABILITY&product=POD&count=0", 422, "count: must be at least 1"],
    ])("GPU query with %s answers %i naming the parameter", async (_what, q, status, text) => {
      const problem = await problemOf(await p.request(`/v2/catalog/gpus${q}`), status);
      expect([problem.detail, ...(problem.errors ?? [])].join("\n")).toContain(text);
    });

    it("GET /v2/catalog/gpus/{id} answers 404 for an unknown type", async () => {
      expect(
        (await problemOf(await p.request(`/v2/catalog/gpus/${enc("NVIDIA GTX 9999")}`), 404))
          .detail,
      ).toBe("GPU type not found");
    });

    it("fault injection changes what the catalogue shows and what placement does (pool:ADA_24 NONE)", async () => {
      await setAvailability(p, "pool:ADA_24", "NONE");
      try {
        const rtx = await gpu(RTX4090, "?include=AVAILABILITY&product=SERVERLESS");
        expect(rtx.availability).toBe("NONE");
        expect(await p.running.services.availability.hasCapacity("ADA_24")).toBe(false);
        expect(await p.running.services.availability.hasCapacity("AMPERE_48")).toBe(true);
      } finally {
        await setAvailability(p, "pool:ADA_24", null);
      }
      expect(await p.running.services.availability.hasCapacity("ADA_24", "US-KS-2")).toBe(true);
      expect(await p.running.services.availability.hasCapacity(RTX4090, "EU-RO-1")).toBe(false);
    });

    it("availability overrides: a more specific scope wins; bad scopes answer 400 naming scope", async () => {
      await setAvailability(p, "dc:US-KS-2", "NONE");
      await setAvailability(p, `gpu:${RTX4090}@US-KS-2`, "LOW");
      try {
        const rtx = await gpu(RTX4090, "?include=AVAILABILITY&product=POD");
        expect(rtx.dataCenters).toContainEqual({
          id: "US-KS-2",
          name: "US Kansas 2",
          availability: "LOW",
        });
        const a40 = await gpu("NVIDIA A40", "?include=AVAILABILITY&product=POD");
        expect(a40.dataCenters).toContainEqual({
          id: "US-KS-2",
          name: "US Kansas 2",
          availability: "NONE",
        });
      } finally {
        expect((await p.request("/_platform/availability", { method: "DELETE" })).status).toBe(204);
      }
      const problem = await problemOf(
        await p.request("/_platform/availability", {
          method: "PUT",
          json: { scope: "gpu:Nope", level: "NONE" },
        }),
        400,
      );
      expect(problem.errors).toEqual(["scope: unknown GPU type Nope"]);
    });

    it("GET /v2/catalog/cpus lists flavors; include=AVAILABILITY&product=POD adds stock; vcpuCount scopes it", async () => {
      const cpus = (await body<{ cpus: CpuType[] }>(await p.request("/v2/catalog/cpus"), 200)).cpus;
      expect(cpus.map((c) => c.id)).toEqual(["cpu3c", "cpu3g", "cpu3m", "cpu5c", "cpu5g", "cpu5m"]);
      expect(cpus[0]).toMatchObject({
        name: "Compute-Optimized",
        group: "Gen 3",
        vcpu: { min: 2, max: 16 },
        ramGbPerVcpu: 2,
      });
      const withStock = await body<CpuType>(
        await p.request("/v2/catalog/cpus/cpu5c?include=AVAILABILITY&product=POD"),
        200,
      );
      expect(withStock.availability).not.toBe("NONE");
      expect(withStock.dataCenters?.length).toBeGreaterThan(0);
      const tooBig = await body<CpuType>(
        await p.request("/v2/catalog/cpus/cpu3c?include=AVAILABILITY&product=POD&vcpuCount=32"),
        200,
      );
      expect(tooBig.availability).toBe("NONE");
      await problemOf(await p.request("/v2/catalog/cpus?vcpuCount=4"), 400);
      await problemOf(
        await p.request("/v2/catalog/cpus?include=AVAILABILITY&product=POD&vcpuCount=6"),
        422,
      );
      await problemOf(await p.request("/v2/catalog/cpus/cpu9x"), 404);
    });

    it("GET /v2/catalog/datacenters lists data centers with globalNetwork, volume tiers and compliance", async () => {
      const dcs = (
        await body<{ dataCenters: DataCenter[] }>(await p.request("/v2/catalog/datacenters"), 200)
      ).dataCenters;
      expect(dcs).toHaveLength(26);
      expect(dcs.find((d) => d.id === "US-KS-2")).toEqual({
        id: "US-KS-2",
        name: "US Kansas 2",
        region: "NORTH_AMERICA",
        globalNetwork: true,
        networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
        compliance: ["SOC_2_TYPE_2", "ISO_IEC_27001"],
      });
    });

    it.each([
      ["regions (OR)", "?regions=OCEANIA,ASIA", ["AP-JP-1", "OC-AU-1"]],
      [
        "networkVolumeTypes (AND)",
        "?networkVolumeTypes=HIGH_PERFORMANCE&regions=EUROPE",
        ["EU-RO-1", "EU-SE-1", "EUR-NO-1"],
      ],
      ["compliance (AND)", "?compliance=SOC_2_TYPE_2,HIPAA", ["US-CA-2", "US-GA-2"]],
      [
        "globalNetwork=true",
        "?globalNetwork=true&regions=EUROPE",
        ["EU-NL-1", "EU-RO-1", "EU-SE-1", "EUR-IS-1", "EUR-NO-1"],
      ],
    ])("data center filter %s", async (_what, q, ids) => {
      const dcs = (
        await body<{ dataCenters: DataCenter[] }>(
          await p.request(`/v2/catalog/datacenters${q}`),
          200,
        )
      ).dataCenters;
      expect(dcs.map((d) => d.id).sort()).toEqual(ids);
    });

    it("include=GPU_AVAILABILITY,CPU_AVAILABILITY adds per-type stock to each data center; /datacenters/{id} reads one", async () => {
      const dc = await body<DataCenter>(
        await p.request(
          "/v2/catalog/datacenters/EU-RO-1?include=GPU_AVAILABILITY,CPU_AVAILABILITY",
        ),
        200,
      );
      expect(dc.gpuAvailability).toContainEqual({
        id: RTX4090,
        name: "RTX 4090",
        availability: "NONE",
      });
      expect(dc.cpuAvailability?.length).toBeGreaterThan(0);
      const community = await body<DataCenter>(
        await p.request("/v2/catalog/datacenters/US-NC-1?include=CPU_AVAILABILITY"),
        200,
      );
      expect(community.networkVolumeTypes).toEqual([]);
      await problemOf(await p.request("/v2/catalog/datacenters/MARS-1"), 404);
      await problemOf(await p.request("/v2/catalog/datacenters?regions=MARS"), 422);
      await problemOf(await p.request("/v2/catalog/datacenters?globalNetwork=maybe"), 422);
    });
  },
);
