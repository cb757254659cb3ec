import type { UsageRecorder } from "../billing/usage-recorder";
import type { Logger } from "../logger";
import type { OutputFiles } from "./output-files";

/** What the in-process hosted-model workers of one platform instance use. */
export interface HostedRuntime {
  files: OutputFiles;
  usage: UsageRecorder;
  /** Multiplies simulated execution times (PLATFORM_MODEL_SPEED). */
  timeScale: number;
  log: Logger;
}

// Built-in images are shared by every platform in the process (tests start many); a hosted
// endpoint's record names its instance in its env, and the worker finds its services here.
const runtimes = new Map<string, HostedRuntime>();

export function registerRuntime(instanceId: string, runtime: HostedRuntime): () => void {
  runtimes.set(instanceId, runtime);
  return () => {
    runtimes.delete(instanceId);
  };
}

export function runtimeOf(instanceId: string | undefined): HostedRuntime | undefined {
  return instanceId === undefined ? undefined : runtimes.get(instanceId);
}
