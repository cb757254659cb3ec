import { describe, expect, it } from "vitest";
import { PodStatus } from "@/lib/schemas/pods";
import { PlatformError } from "../../http/problem";
import { actionsFor, assertTransition, isComputeBilled, timedTransition } from "./pod-lifecycle";

describe("pod transition table", () => {
  it.each([
    ["PROVISIONING", ["stop", "terminate"]],
    ["STARTING", ["stop", "terminate"]],
    ["RUNNING", ["stop", "restart", "terminate"]],
    ["EXITED", ["start", "terminate"]],
    ["ERROR", ["start", "terminate"]],
    ["TERMINATED", []],
  ] as const)("actions of %s are %j (the reference's table)", (status, actions) => {
    expect(actionsFor(status)).toEqual(actions);
  });

  it("every listed action is accepted and every other one is a 409", () => {
    for (const status of PodStatus.options) {
      for (const action of ["start", "stop", "restart", "terminate"] as const) {
        const listed = actionsFor(status).includes(action);
        if (listed) expect(() => assertTransition(status, action)).not.toThrow();
        else {
          try {
            assertTransition(status, action);
            expect.unreachable(`${action} on ${status} should be refused`);
          } catch (err) {
            expect(err).toBeInstanceOf(PlatformError);
            expect((err as PlatformError).status).toBe(409);
          }
        }
      }
    }
  });

  it("user actions lead where the reference says", () => {
    expect(assertTransition("RUNNING", "stop")).toBe("EXITED");
    expect(assertTransition("EXITED", "start")).toBe("STARTING");
    expect(assertTransition("RUNNING", "restart")).toBe("STARTING");
    expect(assertTransition("PROVISIONING", "terminate")).toBe("TERMINATED");
    expect(assertTransition("RUNNING", "fail")).toBe("ERROR");
  });

  it("only PROVISIONING and STARTING move on their own", () => {
    expect(timedTransition("PROVISIONING")?.next).toBe("STARTING");
    expect(timedTransition("STARTING")?.next).toBe("RUNNING");
    for (const s of ["RUNNING", "EXITED", "ERROR", "TERMINATED"] as const)
      expect(timedTransition(s)).toBeNull();
  });

  it("compute is billed except when EXITED or TERMINATED (seed State rule 1)", () => {
    expect(PodStatus.options.filter((s) => !isComputeBilled(s))).toEqual(["EXITED", "TERMINATED"]);
  });
});
