import type { Kysely } from "kysely";
import type {
  CatalogTemplateSource,
  CreateTemplateInput,
  Template,
  UpdateTemplateInput,
} from "@/lib/schemas/templates";
import type { Clock } from "../../clock";
import { getOwnedRowOrThrow } from "../../http/owned-rows";
import { problem, problems } from "../../http/problem";
import type { Ids } from "../../ids";
import type { Database } from "../../store/schema";
import { endpointIdsBoundToTemplate } from "../endpoints/endpoints.repository";
import { requireOwnRegistry } from "../registries/registries.repository";
import { catalogTemplate, catalogTemplates } from "./catalog-templates";
import {
  deleteTemplateRow,
  findOwnTemplateRow,
  findPublicTemplateRow,
  insertTemplate,
  listOwnTemplateRows,
  listPublicTemplateRows,
  podIdsUsingTemplate,
  templateToRow,
  toTemplate,
  updateTemplateRow,
} from "./templates.repository";

/** GB of container disk when neither the body nor anything else says (the seed gives no default). */
export const DEFAULT_CONTAINER_DISK_GB = 20;
/** The reference caps catalogue answers at 100 templates ("pagination not yet supported"). */
export const CATALOG_TEMPLATES_MAX = 100;

/** How a template looks to an account that does not own it: the owner's registry credential stays private. */
export const publicView = (t: Template): Template => ({ ...t, registry: null });

/**
 * A template an account may build from (endpoint create, pod create, PATCH `templateId`): its own,
 * a catalogue template, or another account's published one — else null (callers answer 404).
 */
export async function findUsableTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<Template | null> {
  const own = await findOwnTemplateRow(db, accountId, id);
  if (own) return toTemplate(own);
  const listed = catalogTemplate(id);
  if (listed) return listed;
  const published = await findPublicTemplateRow(db, id);
  return published ? publicView(toTemplate(published)) : null;
}

export class TemplatesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  async list(accountId: string): Promise<Template[]> {
    return (await listOwnTemplateRows(this.db, accountId)).map(toTemplate);
  }

  async get(accountId: string, id: string): Promise<Template> {
    const t = await findUsableTemplate(this.db, accountId, id);
    if (!t) throw problems.notFound("template");
    return t;
  }

  /** Own templates only: catalogue and other accounts' templates are read-only (404 on PATCH/DELETE). */
  private getOwnTemplateOrThrow(accountId: string, id: string) {
    return getOwnedRowOrThrow(this.db, "templates", "template", accountId, id);
  }

  async create(accountId: string, body: CreateTemplateInput): Promise<Template> {
    await requireOwnRegistry(this.db, accountId, body.registry);
    const template: Template = {
      id: this.ids.next("template"),
      name: body.name,
      image: body.image,
      args: body.args ?? "",
      disk: body.disk ?? DEFAULT_CONTAINER_DISK_GB,
      ports: body.ports ?? [],
      env: body.env ?? {},
      registry: body.registry ?? null,
      mounts: body.mounts ?? {},
      serverless: body.serverless,
      public: body.public,
      category: body.category,
      startSsh: body.startSsh,
      startJupyter: body.startJupyter,
      allowedCudaVersions: body.allowedCudaVersions ?? [],
    };
    const now = this.clock.now();
    await insertTemplate(this.db, templateToRow(template, accountId, now, now));
    return template;
  }

  /** Only sent fields change; existing pods and endpoints keep what they resolved at their creation. */
  async update(accountId: string, id: string, body: UpdateTemplateInput): Promise<Template> {
    const row = await this.getOwnTemplateOrThrow(accountId, id);
    if (body.registry !== undefined) await requireOwnRegistry(this.db, accountId, body.registry);
    const current = toTemplate(row);
    const { mounts, ...rest } = body;
    const next: Template = {
      ...current,
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      // `{}` (or omitted) leaves the mount unchanged; templates carry only a persistent one.
      mounts: mounts?.persistent ? { persistent: mounts.persistent } : current.mounts,
    };
    await updateTemplateRow(
      this.db,
      templateToRow(next, accountId, Number(row.created_at), this.clock.now()),
    );
    return next;
  }

  async remove(accountId: string, id: string): Promise<void> {
    await this.getOwnTemplateOrThrow(accountId, id);
    const pods = await podIdsUsingTemplate(this.db, accountId, id);
    const endpoints = await endpointIdsBoundToTemplate(this.db, accountId, id);
    if (pods.length > 0 || endpoints.length > 0) {
      const users = [
        ...(pods.length > 0 ? [`pods ${pods.join(", ")}`] : []),
        ...(endpoints.length > 0 ? [`endpoints ${endpoints.join(", ")}`] : []),
      ];
      throw problem(
        400,
        `template ${id} is in use by ${users.join(" and ")}; delete or change those first`,
        [
          ...pods.map((p) => `$: template is referenced by pod ${p}`),
          ...endpoints.map((e) => `$: template is bound to endpoint ${e}`),
        ],
      );
    }
    await deleteTemplateRow(this.db, accountId, id);
  }

  /**
   * `official` and `verified` come from the platform's catalogue; `community` is the catalogue's
   * community templates plus every account's published (`public: true`) templates, newest first.
   */
  async catalog(source: CatalogTemplateSource): Promise<Template[]> {
    const listed = catalogTemplates(source);
    if (source !== "community") return listed.slice(0, CATALOG_TEMPLATES_MAX);
    const published = (await listPublicTemplateRows(this.db, CATALOG_TEMPLATES_MAX)).map((r) =>
      publicView(toTemplate(r)),
    );
    return [...listed, ...published].slice(0, CATALOG_TEMPLATES_MAX);
  }
}
