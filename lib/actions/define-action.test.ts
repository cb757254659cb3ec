import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CloudError } from "@/lib/cloud/errors";

const session = vi.hoisted(() => ({ apiKey: null as string | null, clear: vi.fn(async () => {}) }));

vi.mock("@/lib/auth/session", async () => {
  const { CloudError: Err } = await import("@/lib/cloud/errors");
  return {
    requireSession: async () => {
      if (!session.apiKey)
        throw new Err({ status: 401, title: "Unauthorized", detail: "Sign in to continue." });
      return { apiKey: session.apiKey };
    },
    clearSession: session.clear,
    revokeCurrentSession: async () => undefined,
    sessionEndReason: async () => undefined,
    SignInRequired: class SignInRequired extends Err {},
  };
});

const { defineAction } = await import("./define-action");

const Input = z.object({
  name: z.string().min(1),
  workers: z.object({ max: z.number().int().max(10) }),
});

describe("defineAction", () => {
  beforeEach(() => {
    session.apiKey = "rpa_SESSIONKEY";
  });

  it("hands fn a client and the parsed input, and wraps its result", async () => {
    const fn = vi.fn(async (_cloud: unknown, input: z.output<typeof Input>) =>
      input.name.toUpperCase(),
    );
    const action = defineAction(Input, fn);
    await expect(action({ name: "ep", workers: { max: 3 } })).resolves.toEqual({
      ok: true,
      data: "EP",
    });
    expect(fn.mock.calls[0]?.[0]).toHaveProperty("request");
  });

  it("without a session answers 401 before parsing or calling fn", async () => {
    session.apiKey = null;
    const fn = vi.fn();
    const result = await defineAction(Input, fn)({ name: "", workers: { max: 99 } });
    expect(result).toEqual({
      ok: false,
      problem: { title: "Unauthorized", status: 401, detail: "Sign in to continue." },
    });
    expect(fn).not.toHaveBeenCalled();
  });

  it("maps invalid input to a 422 problem with errors[] in the platform's json-path form", async () => {
    const fn = vi.fn();
    const result = await defineAction(Input, fn)({ name: "", workers: { max: 99 } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatchObject({
      status: 422,
      detail: "Request validation failed.",
    });
    expect(!result.ok && result.problem.errors).toEqual([
      expect.stringMatching(/^name: /),
      expect.stringMatching(/^workers\.max: /),
    ]);
    expect(fn).not.toHaveBeenCalled();
  });

  it("keeps the platform's problem from a CloudError", async () => {
    const action = defineAction(z.object({}), async () => {
      throw new CloudError({ status: 404, title: "Not Found", detail: "endpoint not found" });
    });
    await expect(action({})).resolves.toEqual({
      ok: false,
      problem: { title: "Not Found", status: 404, detail: "endpoint not found" },
    });
  });

  it("a key the platform refuses (401) ends the session and redirects to the sign-in page", async () => {
    const action = defineAction(z.object({}), async () => {
      throw new CloudError({
        status: 401,
        title: "Unauthorized",
        detail: "api key is disabled",
        source: "platform",
      });
    });
    const thrown = await action({}).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String((thrown as { digest?: string }).digest)).toContain("/sign-in?reason=key-revoked");
    expect(session.clear).toHaveBeenCalledTimes(1);
  });

  it("turns an unexpected error into a generic 500 without its message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const action = defineAction(z.object({}), async () => {
      throw new Error("database password is hunter2");
    });
    const result = await action({});
    expect(result).toEqual({
      ok: false,
      problem: {
        title: "Internal Server Error",
        status: 500,
        detail: "Something went wrong in the console's server.",
      },
    });
  });

  it("lets Next's redirect() through instead of turning it into a problem", async () => {
    const { redirect } = await import("next/navigation");
    const action = defineAction(z.object({}), async () => redirect("/sign-in"));
    await expect(action({})).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT/),
    });
  });
});
