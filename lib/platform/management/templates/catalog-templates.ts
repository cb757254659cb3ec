import type { CatalogTemplateSource, Template } from "@/lib/schemas/templates";
import { findPublicTemplate, publicTemplates } from "../../catalog";

/** The platform's public catalogue templates of one slice (read-only; `registry` always null). */
export const catalogTemplates = (source: CatalogTemplateSource): Template[] =>
  publicTemplates(source);

/** A catalogue template by id, whatever its slice. */
export const catalogTemplate = (id: string): Template | undefined => findPublicTemplate(id);
