"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/** The template form, its code (and react-hook-form) loaded when the user first reaches for it. */
export const TemplateForm = hydrateOnInteraction(() =>
  import("./template-form").then((m) => m.TemplateForm),
);
