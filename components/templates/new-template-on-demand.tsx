"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/** The new-template form, its code (and react-hook-form) loaded when the user first reaches for it. */
export const NewTemplate = hydrateOnInteraction(() =>
  import("./new-template").then((m) => m.NewTemplate),
);
