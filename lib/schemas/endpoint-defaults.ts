import type { EndpointWorkers, FlashBoot } from "./endpoints";

// Plain values, without zod, so the endpoint form's defaults load without the schemas.

/** Defaults the service applies on create to fields the body omits (kept here so console and platform agree). */
export const ENDPOINT_DEFAULTS = {
  workers: { min: 0, max: 3, idleTimeout: 10 },
  /** ms */
  timeout: 300_000,
  flashboot: "OFF",
} as const satisfies {
  workers: Required<EndpointWorkers>;
  timeout: number;
  flashboot: FlashBoot;
};
