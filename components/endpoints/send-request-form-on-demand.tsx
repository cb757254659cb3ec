"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

/** The Requests tab's form, its code (and react-hook-form) loaded when the user first reaches for it. */
export const SendRequestForm = hydrateOnInteraction(() =>
  import("./send-request-form").then((m) => m.SendRequestForm),
);
