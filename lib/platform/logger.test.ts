import { describe, expect, it } from "vitest";
import { logFormatFromEnv } from "./logger";

describe("logFormatFromEnv", () => {
  it.each([
    [{}, true, "pretty"],
    [{}, false, "json"],
    [{ PLATFORM_LOG_FORMAT: "json" }, true, "json"],
    [{ PLATFORM_LOG_FORMAT: "pretty" }, false, "pretty"],
    [{ PLATFORM_LOG_FORMAT: "nonsense" }, false, "json"],
  ] as const)("%j on a TTY=%s → %s", (env, tty, expected) => {
    expect(logFormatFromEnv(env, tty)).toBe(expected);
  });
});
