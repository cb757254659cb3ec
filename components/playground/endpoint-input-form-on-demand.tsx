"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/** An endpoint run's input form, its code (zod with the job schemas) loaded when the user first reaches for it. */
export const EndpointInputFormOnDemand = hydrateOnInteraction(() =>
  import("./endpoint-input-form").then((m) => m.EndpointInputForm),
);
