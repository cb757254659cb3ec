"use client";

import { hydrateOnInteraction } from "@/components/forms/hydrate-on-interaction";

// Each form's server HTML is final (no data inside it), so its code, react-hook-form with it, can
// wait until the user reaches for it. The three share one chunk.
const forms = () => import("./account-forms");

export const AddSshKeyForm = hydrateOnInteraction(() => forms().then((m) => m.AddSshKeyForm));
export const AddRegistryForm = hydrateOnInteraction(() => forms().then((m) => m.AddRegistryForm));
export const AddDelegationForm = hydrateOnInteraction(() =>
  forms().then((m) => m.AddDelegationForm),
);
