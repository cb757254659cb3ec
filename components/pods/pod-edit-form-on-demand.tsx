"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/**
 * A pod's settings form, its code (and react-hook-form) loaded when the user first reaches for it.
 * It takes only the pod's editable fields, so the page's polling (status, uptime) leaves it waiting.
 */
export const PodEditForm = hydrateOnInteraction(() =>
  import("./pod-edit-form").then((m) => m.PodEditForm),
);
