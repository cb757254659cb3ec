import { describe, expect, it } from "vitest";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import { EngineHooks, type EngineEvent, type EngineInterceptors } from "./hooks";

const endpoint = { id: "ep1", accountId: "acc1" } as EndpointRecord;
const event: EngineEvent = { endpointId: "ep1", jobId: "j1", type: "queued" };

describe("EngineHooks", () => {
  it("does nothing by default: no interceptor is active and the defaults change nothing", () => {
    const hooks = new EngineHooks();
    expect(hooks.intercept.active).toBe(false);
    expect(hooks.intercept.coldStartMs(endpoint, 1234)).toBe(1234);
    expect(hooks.intercept.takenJobFault(endpoint, "j1")).toBeUndefined();
    expect(() => hooks.intercept.beforeJobOperation(endpoint, "run")).not.toThrow();
    expect(hooks.intercept.webhookDown({ account_id: "a", endpoint_id: "e", url: "u" })).toBe(
      false,
    );
    hooks.emit(event);
  });

  it("tells every subscriber each event until it unsubscribes", () => {
    const hooks = new EngineHooks();
    const a: EngineEvent[] = [];
    const b: EngineEvent[] = [];
    const offA = hooks.subscribe((e) => a.push(e));
    hooks.subscribe((e) => b.push(e));
    hooks.emit(event);
    offA();
    hooks.emit({ ...event, type: "completed" });
    expect(a.map((e) => e.type)).toEqual(["queued"]);
    expect(b.map((e) => e.type)).toEqual(["queued", "completed"]);
  });

  it("installs one set of interceptors; uninstalling restores the no-op defaults", () => {
    const hooks = new EngineHooks();
    const mine: EngineInterceptors = {
      active: true,
      coldStartMs: () => 5,
      takenJobFault: () => ({ kind: "crash" }),
      beforeJobOperation: () => {},
      webhookDown: () => true,
    };
    const uninstall = hooks.install(mine);
    expect(hooks.intercept.coldStartMs(endpoint, 1234)).toBe(5);
    uninstall();
    expect(hooks.intercept.active).toBe(false);
    expect(hooks.intercept.coldStartMs(endpoint, 1234)).toBe(1234);
  });
});
