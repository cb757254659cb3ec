"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/** A hosted model's input form, its code (react-hook-form, zod, the catalogue) loaded when the user first reaches for it. */
export const ModelInputFormOnDemand = hydrateOnInteraction(() =>
  import("./model-input-form").then((m) => m.ModelInputForm),
);
