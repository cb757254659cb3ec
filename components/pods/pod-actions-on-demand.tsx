"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/**
 * The pod page's action buttons, their code (the action's mutation, the terminate dialog) loaded
 * when the user first reaches for them; a click made meanwhile is made again once it is here. They
 * take the pod's id, name and allowed actions only, so the page's polling leaves them waiting until
 * the pod's state changes what they offer.
 */
export const PodActions = hydrateOnInteraction(() =>
  import("./pod-actions").then((m) => m.PodActions),
);
