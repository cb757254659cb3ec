"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/**
 * The create-volume form, its code (and react-hook-form) loaded when the user first reaches for it.
 * Its server HTML is final when the page prefetched the data centers it lists.
 */
export const CreateVolumeForm = hydrateOnInteraction(() =>
  import("./create-volume-form").then((m) => m.CreateVolumeForm),
);
