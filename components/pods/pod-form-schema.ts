import { z } from "zod";
import { EnvRows } from "@/components/forms/env-rows-schema";
import { BaseContainerConfigShape, Port } from "@/lib/schemas/common";
import { CreateGpuConfig, CreatePodInput } from "@/lib/schemas/pods";

// ---- Deploy (`/pods/new`) ----

/** The contract's create schema plus UI-only fields: container source, env as rows, one volume. */
export const DeployPodSchema = CreatePodInput.pick({ name: true, cloud: true, disk: true })
  .extend({
    gpu: CreateGpuConfig.pick({ count: true }).extend({
      id: z.string().min(1, "Choose a GPU type"),
    }),
    source: z.enum(["image", "template"]),
    image: z.string(),
    templateId: z.string(),
    ports: z.array(Port),
    envRows: EnvRows,
    /** Registry credential id; "" for a public image. */
    registry: z.string(),
    /** Preferred data centers; `[]` lets the scheduler choose. */
    dataCenterIds: z.array(z.string().min(1)),
    /** "" = no network volume: the pod keeps its own volume disk. */
    networkVolumeId: z.string(),
    mountPath: z.string().min(1, "Enter where the volume appears, e.g. /workspace"),
  })
  .superRefine((v, ctx) => {
    if (v.source === "image" && !v.image)
      ctx.addIssue({ code: "custom", path: ["image"], message: "Enter a container image" });
    if (v.source === "template" && !v.templateId)
      ctx.addIssue({ code: "custom", path: ["templateId"], message: "Choose a template" });
    if (v.networkVolumeId && v.cloud !== "SECURE")
      ctx.addIssue({
        code: "custom",
        path: ["networkVolumeId"],
        message:
          "Network volumes attach only to Secure Cloud pods: choose Secure Cloud or no volume",
      });
  });
export type DeployPodValues = z.input<typeof DeployPodSchema>;
export type DeployPodOutput = z.output<typeof DeployPodSchema>;

// ---- Edit (`/pods/[id]`) ----

/** The mount as the edit form holds it: one kind, its fields as text so a half-filled entry can be shown. */
const MountFields = z.object({
  kind: z.enum(["none", "persistent", "network"]),
  size: z.number().int().optional(),
  volumeId: z.string(),
  path: z.string(),
});

export const EditPodSchema = z.object({
  name: z.string().min(1, "Enter a name"),
  image: z.string().min(1, "Enter a container image"),
  args: BaseContainerConfigShape.args,
  ports: z.array(Port),
  disk: BaseContainerConfigShape.disk,
  envRows: EnvRows,
  /** Registry credential id; "" for none. */
  registry: z.string(),
  /** "" = none; a template id applies its container settings once (no link is kept). */
  templateId: z.string(),
  locked: z.boolean(),
  globalNetworking: z.boolean(),
  mount: MountFields,
});
export type EditPodValues = z.infer<typeof EditPodSchema>;
