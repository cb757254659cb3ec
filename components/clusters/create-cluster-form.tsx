"use client";

import { useForm, useWatch } from "react-hook-form";
import { asNumber } from "@/components/forms/env-rows";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { createCluster } from "@/lib/actions/clusters";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { clusterKeys } from "@/lib/queries/clusters";
import { podKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { DataCenter, GpuType } from "@/lib/schemas/catalog";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import type { CreateClusterFormOutput, CreateClusterFormValues } from "./cluster-form-schema";
import {
  CLUSTER_ALIASES,
  CLUSTER_FIELDS,
  CLUSTER_TYPE_LABEL,
  CLUSTER_TYPES,
  CLUSTER_VOLUME_PATH,
  NEW_CLUSTER_DEFAULTS,
  toCreateClusterInput,
} from "./cluster-form-values";
import { volumeOptions } from "@/components/volumes/volume-options";

export interface CreateClusterFormProps {
  gpus: readonly GpuType[];
  dataCenters: readonly DataCenter[];
  volumes: readonly NetworkVolume[];
  /** After the platform created it (e.g. to open its page). */
  onCreated?: (id: string) => void;
}

/** Clusters run on Secure Cloud only: GPU types, counts and prices are Secure Cloud's. */
export function CreateClusterForm({
  gpus,
  dataCenters,
  volumes,
  onCreated,
}: CreateClusterFormProps) {
  const toast = useToast();
  const create = useAction(createCluster, [clusterKeys.all, podKeys.all]);
  const form = useForm<CreateClusterFormValues, unknown, CreateClusterFormOutput>({
    resolver: lazyZodResolver(() =>
      import("./cluster-form-schema").then((m) => m.CreateClusterFormSchema),
    ),
    defaultValues: NEW_CLUSTER_DEFAULTS,
  });
  showDefaultsInHtml(form);
  const { register, control, handleSubmit, formState, setValue } = form;
  const { errors, isSubmitting } = formState;
  const [gpuId, perNode, nodes, volumeId] = useWatch({
    control,
    name: ["compute.gpuTypeId", "compute.gpuCountPerPod", "compute.podCount", "networkVolumeId"],
  });
  const offered = gpus.filter((g) => g.secure);
  const gpu = offered.find((g) => g.id === gpuId);
  const maxPerNode = gpu?.maxCount.secure ?? 8;
  const volume = volumes.find((v) => v.id === volumeId);
  const gpuTotal = Number(perNode) * Number(nodes);

  async function submit(values: CreateClusterFormOutput) {
    const result = await create.mutateAsync(toCreateClusterInput(values));
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, {
        fields: CLUSTER_FIELDS,
        aliases: CLUSTER_ALIASES,
      });
      return;
    }
    toast({
      tone: "success",
      title: `Cluster ${result.data.name} created with ${result.data.pods.total} pods`,
    });
    form.reset({ ...NEW_CLUSTER_DEFAULTS, image: values.image });
    onCreated?.(result.data.id);
  }

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-label="Create a cluster"
      className="max-w-3xl space-y-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="cluster-name"
          label="Cluster name"
          hint="Nodes are named <cluster>-node-<rank>."
          error={errors.name?.message}
        >
          {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
        </Field>
        <Field id="cluster-type" label="Cluster type" error={errors.type?.message}>
          {(p) => (
            <Select
              {...p}
              {...register("type")}
              options={CLUSTER_TYPES.map((t) => ({ value: t, label: CLUSTER_TYPE_LABEL[t] }))}
            />
          )}
        </Field>
      </div>

      <Field
        id="cluster-image"
        label="Container image"
        hint="Every node runs this image. Nodes see NODE_RANK and NUM_NODES in their environment."
        error={errors.image?.message}
      >
        {(p) => <Input {...p} className="font-mono" {...register("image")} autoComplete="off" />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-[1fr_9rem_9rem]">
        <Field
          id="cluster-gpu"
          label="GPU type"
          hint="Secure Cloud price per GPU-hour."
          error={errors.compute?.gpuTypeId?.message}
        >
          {(p) => (
            <Select
              {...p}
              {...register("compute.gpuTypeId")}
              options={[
                { value: "", label: "Choose a GPU type…" },
                ...offered.map((g) => ({
                  value: g.id,
                  label: `${g.name} · ${g.memory} GB VRAM · ${usd(g.price.secure)}/h`,
                })),
              ]}
            />
          )}
        </Field>
        <Field
          id="cluster-gpu-count"
          label="GPUs per node"
          hint={`Up to ${maxPerNode}.`}
          error={errors.compute?.gpuCountPerPod?.message}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              max={maxPerNode}
              {...register("compute.gpuCountPerPod", asNumber)}
            />
          )}
        </Field>
        <Field
          id="cluster-nodes"
          label="Nodes"
          hint="2–250 pods."
          error={errors.compute?.podCount?.message}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              min={2}
              max={250}
              {...register("compute.podCount", asNumber)}
            />
          )}
        </Field>
      </div>
      <p aria-live="polite" className="text-sm">
        {gpu && Number.isFinite(gpuTotal) && gpuTotal > 0
          ? `≈ ${usd(gpu.price.secure * gpuTotal)} per hour while running (${nodes} nodes × ${perNode} × ${gpu.name} at ${usd(gpu.price.secure)}/h).`
          : "Choose a GPU type to see the hourly price."}
      </p>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Placement and storage</legend>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          All nodes run in one data center on a private network. A network volume mounts at{" "}
          <code className="font-mono">{CLUSTER_VOLUME_PATH}</code> on every node, keeps its files
          after the cluster is gone, and places the cluster in the volume&apos;s data center.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="cluster-volume"
            label="Network volume (optional)"
            hint={`Mounted at ${CLUSTER_VOLUME_PATH} on every node.`}
            error={errors.networkVolumeId?.message}
          >
            {(p) => (
              <Select
                {...p}
                {...register("networkVolumeId", {
                  onChange: (e: { target: { value: string } }) => {
                    const dc = volumes.find((v) => v.id === e.target.value)?.dataCenter;
                    setValue("dataCenterId", dc ?? "");
                  },
                })}
                options={volumeOptions(volumes, "None")}
              />
            )}
          </Field>
          <Field
            id="cluster-dc"
            label="Data center"
            hint={
              volume
                ? `Set by the volume ${volume.name}.`
                : "Any: the scheduler picks one with capacity for every node."
            }
            error={errors.dataCenterId?.message}
          >
            {(p) => (
              <Select
                {...p}
                {...register("dataCenterId")}
                disabled={volume !== undefined}
                options={[
                  { value: "", label: "Any data center" },
                  ...dataCenters.map((dc) => ({ value: dc.id, label: `${dc.name} (${dc.id})` })),
                ]}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="accent-violet-600" {...register("startSsh")} />
        Start SSH on every node (exposes 22/tcp; nodes get the SSH keys of your account)
      </label>

      <div className="space-y-2">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Create cluster
        </Button>
      </div>
    </form>
  );
}
