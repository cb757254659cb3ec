import { describe, expect, it } from "vitest";
import {
  doneUrl,
  pingUrl,
  readEnvironment,
  resultBody,
  stopUrl,
  streamUrl,
  takeUrl,
  WorkerConfigError,
} from "./protocol";

const ENV = {
  RUNPOD_WEBHOOK_GET_JOB: "http://p/v2/ep/job-take/$ID?gpu=ADA_24",
  RUNPOD_WEBHOOK_POST_OUTPUT: "http://p/v2/ep/job-done/$RUNPOD_POD_ID/$ID?gpu=ADA_24",
  RUNPOD_WEBHOOK_POST_STREAM: "http://p/v2/ep/job-stream/$RUNPOD_POD_ID/$ID?gpu=ADA_24",
  RUNPOD_WEBHOOK_PING: "http://p/v2/ep/ping/$RUNPOD_POD_ID",
  RUNPOD_AI_API_KEY: "k",
  RUNPOD_POD_ID: "w1",
};

describe("worker protocol URLs (platform-notes §2.3, §8.7)", () => {
  const env = readEnvironment(ENV, () => "random");

  it("substitutes the placeholders literally and appends query parameters with &", () => {
    expect(takeUrl(env, 1, false)).toBe("http://p/v2/ep/job-take/w1?gpu=ADA_24&job_in_progress=0");
    expect(takeUrl(env, 3, true)).toBe(
      "http://p/v2/ep/job-take-batch/w1?gpu=ADA_24&batch_size=3&job_in_progress=1",
    );
    expect(stopUrl(env)).toBe("http://p/v2/ep/job-stop/w1?gpu=ADA_24");
    expect(doneUrl(env, "j1", true)).toBe("http://p/v2/ep/job-done/w1/j1?gpu=ADA_24&isStream=true");
    expect(streamUrl(env, "j1")).toBe("http://p/v2/ep/job-stream/w1/j1?gpu=ADA_24&isStream=false");
    expect(pingUrl(env, ["a", "b"])).toMatch(/\/ping\/w1\?job_id=a%2Cb&runpod_version=/);
  });

  it("needs RUNPOD_WEBHOOK_GET_JOB and the key", () => {
    expect(() => readEnvironment({}, () => "x")).toThrow(WorkerConfigError);
    expect(() => readEnvironment({ RUNPOD_WEBHOOK_GET_JOB: "u?" }, () => "x")).toThrow(
      /RUNPOD_AI_API_KEY/,
    );
  });
});

describe("job-done bodies (platform-notes §2.5)", () => {
  it.each([
    ["a plain value", 5, { output: 5 }],
    ["undefined", undefined, { output: null }],
    ["a list", [1], { output: [1] }],
    ["a dict", { a: 1 }, { output: { a: 1 } }],
    ["a dict with a truthy error", { error: "bad", a: 1 }, { output: { a: 1 }, error: "bad" }],
    ["a dict with only an error", { error: "bad" }, { error: "bad" }],
    ["a dict with a falsy error", { error: "", a: 1 }, { output: { a: 1 } }],
    ["refresh_worker", { refresh_worker: true, a: 1 }, { output: { a: 1 }, stopPod: true }],
  ])("%s", (_what, value, body) => {
    expect(resultBody(value).body).toEqual(body);
  });
});
