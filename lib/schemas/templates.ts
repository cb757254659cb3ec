import { z } from "zod";
import {
  ContainerConfigShape,
  MajorMinor,
  OptionalContainerConfigShape,
  PersistentMount,
} from "./common";

// Templates: `/v2/templates` (own) and `/v2/catalog/templates` (public catalogue). Shapes follow the
// reference spec; the seed only uses templates through `templateId`.

export const TemplateCategory = z.enum(["CPU", "NVIDIA", "AMD"]).meta({ id: "TemplateCategory" });
export type TemplateCategory = z.infer<typeof TemplateCategory>;

/** Templates carry only a persistent mount: `network` is an unknown property (422). */
export const TemplateMounts = z
  .strictObject({ persistent: PersistentMount.optional() })
  .meta({ id: "TemplateMounts" });
export type TemplateMounts = z.infer<typeof TemplateMounts>;

export const Template = z
  .object({
    ...ContainerConfigShape,
    id: z.string(),
    name: z.string(),
    mounts: TemplateMounts,
    /** Serverless templates serve endpoints; the others serve pods. */
    serverless: z.boolean(),
    public: z.boolean(),
    category: TemplateCategory,
    /** Pod-only flags, ignored by endpoints. */
    startSsh: z.boolean(),
    startJupyter: z.boolean(),
    /** `[]` means any version. */
    allowedCudaVersions: z.array(z.string()),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof Template>;

export const ListTemplatesResponse = z
  .object({ templates: z.array(Template) })
  .meta({ id: "ListTemplatesResponse" });
export type ListTemplatesResponse = z.infer<typeof ListTemplatesResponse>;

/** Defaults are the reference's (note `startSsh`/`startJupyter` default true here, false on pod create). */
export const CreateTemplateInput = z
  .strictObject({
    ...OptionalContainerConfigShape,
    name: z.string().min(1),
    image: z.string().min(1),
    category: TemplateCategory.default("NVIDIA"),
    public: z.boolean().default(false),
    serverless: z.boolean().default(false),
    startJupyter: z.boolean().default(true),
    startSsh: z.boolean().default(true),
    allowedCudaVersions: z.array(MajorMinor).optional(),
    mounts: TemplateMounts.optional(),
  })
  .meta({ id: "CreateTemplateRequest" });
export type CreateTemplateInput = z.infer<typeof CreateTemplateInput>;

/** PATCH: only sent fields change; `allowedCudaVersions: []` clears; existing pods and endpoints are unaffected. */
export const UpdateTemplateInput = z
  .strictObject({
    ...OptionalContainerConfigShape,
    name: z.string().min(1).optional(),
    category: TemplateCategory.optional(),
    public: z.boolean().optional(),
    serverless: z.boolean().optional(),
    startJupyter: z.boolean().optional(),
    startSsh: z.boolean().optional(),
    allowedCudaVersions: z.array(MajorMinor).optional(),
    /** Omitted or `{}` leaves the mount unchanged. */
    mounts: TemplateMounts.optional(),
  })
  .meta({ id: "UpdateTemplateRequest" });
export type UpdateTemplateInput = z.infer<typeof UpdateTemplateInput>;

export const CatalogTemplateSource = z.enum(["official", "verified", "community"]);
export type CatalogTemplateSource = z.infer<typeof CatalogTemplateSource>;

export const CatalogTemplatesQuery = z.object({
  /** official: curated; verified: verified community templates; community: all other public ones. */
  source: CatalogTemplateSource.default("official"),
});
export type CatalogTemplatesQuery = z.infer<typeof CatalogTemplatesQuery>;
