"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/** The create-key form, its code (and react-hook-form) loaded when the user first reaches for it. */
export const CreateKeyForm = hydrateOnInteraction(() =>
  import("./create-key-form").then((m) => m.CreateKeyForm),
);
