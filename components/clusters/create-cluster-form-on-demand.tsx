"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/**
 * The create-cluster form, its code (and react-hook-form) loaded when the user first reaches for
 * it. Its server HTML is final when the page prefetched the GPU types, data centers and volumes.
 */
export const CreateClusterForm = hydrateOnInteraction(() =>
  import("./create-cluster-form").then((m) => m.CreateClusterForm),
);
