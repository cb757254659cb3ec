import type { ReactNode } from "react";
import { ModelNamesProvider } from "@/components/playground/model-names";
import { models } from "@/lib/models";

const names = Object.fromEntries(models.map((m) => [m.slug, m.name]));

/** Every playground page can name a hosted model without loading the catalogue's schemas. */
export default function PlaygroundLayout({ children }: { children: ReactNode }) {
  return <ModelNamesProvider names={names}>{children}</ModelNamesProvider>;
}
