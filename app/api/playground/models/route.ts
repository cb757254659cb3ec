import { models } from "@/lib/models";
import type { ModelSummary } from "@/lib/queries/models";
import { readRoute } from "../../_lib/read-route";

/** The hosted models' names for the command palette (signed-in only, like every read). */
export const GET = readRoute(async () => ({
  models: models.map((m): ModelSummary => ({
    slug: m.slug,
    name: m.name,
    owner: m.owner,
    kind: m.kind,
  })),
}));
