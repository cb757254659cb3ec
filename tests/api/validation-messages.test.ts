import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateApiKeyInput, CreateEndpointInput, Problem } from "@/lib/schemas";
import { apiMessage, sentence } from "@/lib/schemas/messages";
import { startTestPlatform, type TestPlatform } from "./support/platform";
import { messageOf, VALID_ENDPOINT as endpoint } from "@/lib/schemas/test-helpers";

describe("the platform's problem errors[] carry the same messages", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(async () => {
    await p?.close();
  });

  it("a create with an empty name, a bad enum and an idle timeout too long names each field", async () => {
    const res = await p.request("/v2/serverless", {
      method: "POST",
      json: { ...endpoint, name: "", flashboot: "FAST", workers: { idleTimeout: 5000 } },
    });
    expect(res.status).toBe(422);
    const body = Problem.parse(await res.json());
    expect(body.errors).toEqual(
      expect.arrayContaining([
        "name: enter a name",
        "flashboot: choose one of OFF, FLASHBOOT or PRIORITY_FLASHBOOT",
        "workers.idleTimeout: must be at most 3600 s",
      ]),
    );
    // What the console's form shows for the same field, from the platform's line.
    expect(
      sentence(apiMessage(messageOf(CreateEndpointInput, { ...endpoint, name: "" }, "name")!)),
    ).toBe("Enter a name");
  });

  it("a key with no name gets the same words as the key form", async () => {
    const res = await p.request("/_platform/keys", {
      method: "POST",
      json: { permission: { type: "all" } },
    });
    expect(res.status).toBe(422);
    const body = Problem.parse(await res.json());
    expect(body.errors).toContain(
      `name: ${apiMessage(messageOf(CreateApiKeyInput, { permission: { type: "all" } }, "name")!)}`,
    );
    expect(body.errors).toContain("name: enter a name");
  });
});
