"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/**
 * The endpoint form, its code (and react-hook-form) loaded when the user first reaches for it.
 * Its server HTML is final when the page prefetched the choices it offers.
 */
export const EndpointForm = hydrateOnInteraction(() =>
  import("./endpoint-form").then((m) => m.EndpointForm),
);
