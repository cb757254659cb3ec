import type { BuiltinImage } from "./builtin-image";
import { echoHttp } from "./echo-http";
import { hostedModelImage } from "../models/hosted-model-image";
import { mockWorker } from "./mock-worker";

/** `hangar/echo-lb` (any tag): a load-balancer app that serves `/ping` and echoes every other request. */
export const echoLoadBalancer: BuiltinImage = {
  name: "hangar/echo-lb",
  matches: (image) => /^hangar\/echo-lb(:[\w.-]+)?$/.test(image),
  async runJob(job) {
    // On a queue endpoint it echoes the input.
    return { kind: "output", output: job.input };
  },
  serveHttp: echoHttp,
};

export const BUILTIN_IMAGES: readonly BuiltinImage[] = [
  mockWorker,
  echoLoadBalancer,
  hostedModelImage,
];

/** The built-in image serving `image`, or null when the user runs the workers (external). */
export function builtinImageFor(image: string): BuiltinImage | null {
  return BUILTIN_IMAGES.find((b) => b.matches(image.trim())) ?? null;
}
