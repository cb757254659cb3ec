import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CreateEndpointInput, EndpointWorkers } from "./endpoints";
import { CreateNetworkVolumeInput } from "./network-volumes";
import { apiMessage, listOptions, sentence } from "./messages";
import { messageOf, VALID_ENDPOINT as endpoint } from "./test-helpers";

describe("one message map speaks people's words for every schema", () => {
  it("an empty or missing name asks for a name, never zod's 'Too small' text", () => {
    expect(messageOf(CreateEndpointInput, { ...endpoint, name: "" }, "name")).toBe("Enter a name");
    expect(messageOf(CreateEndpointInput, { ...endpoint, name: undefined }, "name")).toBe(
      "Enter a name",
    );
    expect(messageOf(CreateNetworkVolumeInput, { size: 10, dataCenter: "EU-RO-1" }, "name")).toBe(
      "Enter a name",
    );
  });

  it("a number out of range names the bound and the unit", () => {
    expect(messageOf(EndpointWorkers, { idleTimeout: 5000 }, "idleTimeout")).toBe(
      "Must be at most 3600 s",
    );
    expect(messageOf(EndpointWorkers, { idleTimeout: 0 }, "idleTimeout")).toBe(
      "Must be at least 1 s",
    );
    const volume = { name: "v", dataCenter: "EU-RO-1" };
    expect(messageOf(CreateNetworkVolumeInput, { ...volume, size: 5 }, "size")).toBe(
      "Must be at least 10 GB",
    );
    expect(messageOf(CreateNetworkVolumeInput, { ...volume, size: 5000 }, "size")).toBe(
      "Must be at most 4096 GB",
    );
    // Fields without a unit keep the bare bound.
    expect(messageOf(EndpointWorkers, { min: -1 }, "min")).toBe("Must be at least 0");
  });

  it("a number that is not whole or not a number says what it got", () => {
    expect(messageOf(EndpointWorkers, { max: 1.5 }, "max")).toBe("Must be a whole number, got 1.5");
    expect(messageOf(EndpointWorkers, { max: "three" }, "max")).toBe(
      'Must be a number, got "three"',
    );
    // A form's empty number input (valueAsNumber gives NaN) asks for a number.
    expect(messageOf(EndpointWorkers, { idleTimeout: Number.NaN }, "idleTimeout")).toBe(
      "Enter a number of seconds",
    );
  });

  it("a bad or missing choice lists the options", () => {
    expect(messageOf(CreateEndpointInput, { ...endpoint, type: "BATCH" }, "type")).toBe(
      "Choose one of QUEUE or LOAD_BALANCER",
    );
    expect(messageOf(CreateEndpointInput, { ...endpoint, type: undefined }, "type")).toBe(
      "Choose QUEUE or LOAD_BALANCER",
    );
    expect(messageOf(CreateEndpointInput, { ...endpoint, flashboot: "FAST" }, "flashboot")).toBe(
      "Choose one of OFF, FLASHBOOT or PRIORITY_FLASHBOOT",
    );
  });

  it("an empty list asks for at least one of its items", () => {
    expect(messageOf(CreateEndpointInput, { ...endpoint, gpu: { pools: [] } }, "gpu.pools")).toBe(
      "Choose at least one GPU pool",
    );
  });

  it("a bad format says what a good one looks like", () => {
    expect(messageOf(z.object({ webhook: z.url() }), { webhook: "not a url" }, "webhook")).toBe(
      "Enter a valid URL, e.g. https://example.com/hook",
    );
    expect(messageOf(z.object({ at: z.iso.datetime() }), { at: "yesterday" }, "at")).toMatch(
      /^Enter a date and time such as /,
    );
    // A schema's own message wins over the map (the port format of every container config).
    expect(messageOf(CreateEndpointInput, { ...endpoint, ports: ["80"] }, "ports.0")).toBe(
      "must be formatted <port>/<protocol>, e.g. 8888/http",
    );
  });

  it("lines for the API start lower-case, forms start with a capital", () => {
    expect(apiMessage("Enter a name")).toBe("enter a name");
    expect(apiMessage("GPU pool is full")).toBe("GPU pool is full");
    expect(sentence("must be formatted <port>/<protocol>")).toBe(
      "Must be formatted <port>/<protocol>",
    );
    expect(listOptions(["a", "b", "c"])).toBe("a, b or c");
  });

  it("a platform line whose subject is the field reads as a whole sentence beside it", () => {
    expect(sentence("is already on your account")).toBe("This is already on your account");
    expect(sentence("is immutable: a network mount cannot change volume")).toBe(
      "This is immutable: a network mount cannot change volume",
    );
    expect(sentence("cannot be combined with cudaVersions")).toBe(
      "This cannot be combined with cudaVersions",
    );
    // Words that only start with a verb's letters are left alone.
    expect(sentence("isolated pools only")).toBe("Isolated pools only");
    expect(sentence("")).toBe("");
  });
});
