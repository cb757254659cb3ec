"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/**
 * The deploy-pod form, its code (and react-hook-form) loaded when the user first reaches for it.
 * Its server HTML is final when the page prefetched the choices it offers.
 */
export const DeployPodForm = hydrateOnInteraction(() =>
  import("./deploy-pod-form").then((m) => m.DeployPodForm),
);
