import { z } from "zod";
import { CreateDelegationInput } from "@/lib/schemas/registries";

/** The optional name as text: "" is "no name". Loaded at the form's first validation. */
export const DelegationForm = CreateDelegationInput.extend({ name: z.string() });
export type DelegationFormValues = z.infer<typeof DelegationForm>;
