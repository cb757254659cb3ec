"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { EnvEditor } from "@/components/endpoints/env-editor";
import { ListInput } from "@/components/endpoints/list-input";
import { FormProblem } from "@/components/forms/form-problem";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import type { GpuType } from "@/lib/schemas/catalog";
import type { Problem } from "@/lib/schemas/common";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import type { Template } from "@/lib/schemas/templates";
import {
  DEPLOY_ALIASES,
  DEPLOY_FIELDS,
  DeployPodSchema,
  NEW_POD_DEFAULTS,
  type DeployPodOutput,
  type DeployPodValues,
} from "./pod-form-schema";

const num = { setValueAs: (v: unknown) => (v === "" || v === undefined ? undefined : Number(v)) };
const CLOUD_LABEL = { SECURE: "Secure Cloud", COMMUNITY: "Community Cloud" } as const;

function gpuLabel(g: GpuType): string {
  const prices = [
    g.secure ? `${usd(g.price.secure)}/h Secure` : null,
    g.community ? `${usd(g.price.community)}/h Community` : null,
  ].filter(Boolean);
  return `${g.name} · ${g.memory} GB VRAM · ${prices.join(" · ")}`;
}

export interface DeployPodFormProps {
  gpus: readonly GpuType[];
  templates: readonly Template[];
  volumes: readonly NetworkVolume[];
  /** Resolves with null on success or the problem to show on the form. */
  onSubmit: (values: DeployPodOutput) => Promise<Problem | null>;
}

/** Deploy a pod: validated with the contract schema (CreatePodInput) it extends. */
export function DeployPodForm({ gpus, templates, volumes, onSubmit }: DeployPodFormProps) {
  const form = useForm<DeployPodValues, unknown, DeployPodOutput>({
    resolver: zodResolver(DeployPodSchema),
    defaultValues: NEW_POD_DEFAULTS,
  });
  const { register, control, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;
  const [cloud, gpuId, count, source, volumeId] = useWatch({
    control,
    name: ["cloud", "gpu.id", "gpu.count", "source", "networkVolumeId"],
  });
  const offered = gpus.filter((g) => (cloud === "COMMUNITY" ? g.community : g.secure));
  const gpu = gpus.find((g) => g.id === gpuId);
  const rate = gpu ? (cloud === "COMMUNITY" ? gpu.price.community : gpu.price.secure) : undefined;
  const maxCount = gpu ? (cloud === "COMMUNITY" ? gpu.maxCount.community : gpu.maxCount.secure) : 8;
  const volume = volumes.find((v) => v.id === volumeId);

  async function submit(values: DeployPodOutput) {
    const problem = await onSubmit(values);
    if (problem)
      applyProblemToForm(problem, form.setError, {
        fields: DEPLOY_FIELDS,
        aliases: DEPLOY_ALIASES,
      });
  }

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-label="Deploy a pod"
      className="max-w-3xl space-y-6"
    >
      <Field id="pod-name" label="Pod name" error={errors.name?.message}>
        {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
      </Field>

      <fieldset>
        <legend className="text-sm font-medium">Cloud</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(["SECURE", "COMMUNITY"] as const).map((c) => (
            <label key={c} className="inline-flex items-center gap-2">
              <input type="radio" value={c} {...register("cloud")} />
              {CLOUD_LABEL[c]}
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Secure Cloud runs in the platform&apos;s own data centers and can attach network volumes;
          Community Cloud is cheaper, on vetted hosts, without network volumes.
        </p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field
          id="pod-gpu"
          label="GPU type"
          hint={`Price per GPU-hour on ${CLOUD_LABEL[cloud ?? "SECURE"]}; only the GPU types offered there are listed.`}
          error={errors.gpu?.id?.message}
        >
          {(p) => (
            <Select
              {...p}
              {...register("gpu.id")}
              options={[
                { value: "", label: "Choose a GPU type…" },
                ...offered.map((g) => ({ value: g.id, label: gpuLabel(g) })),
              ]}
            />
          )}
        </Field>
        <Field
          id="pod-gpu-count"
          label="GPU count"
          hint={`Up to ${maxCount}.`}
          error={errors.gpu?.count?.message}
        >
          {(p) => (
            <Input {...p} type="number" min={1} max={maxCount} {...register("gpu.count", num)} />
          )}
        </Field>
      </div>
      <p aria-live="polite" className="text-sm">
        {gpu && rate !== undefined && count
          ? `≈ ${usd(rate * count)} per hour while running (${count} × ${gpu.name} at ${usd(rate)}/h on ${CLOUD_LABEL[cloud ?? "SECURE"]}).`
          : "Choose a GPU type to see the hourly price."}
      </p>

      <fieldset>
        <legend className="text-sm font-medium">Container</legend>
        <div className="mt-2 flex gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="image" {...register("source")} />
            Image
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="template" {...register("source")} />
            Template
          </label>
        </div>
      </fieldset>
      {source === "template" ? (
        <Field
          id="pod-template"
          label="Template"
          hint="The template's image, ports, disk and variables; anything you set below wins."
          error={errors.templateId?.message}
        >
          {(p) => (
            <Select
              {...p}
              {...register("templateId")}
              options={[
                { value: "", label: "Choose a template…" },
                ...templates.map((t) => ({
                  value: t.id,
                  label: `${t.name} (${t.public ? "public" : "yours"}) · ${t.image}`,
                })),
              ]}
            />
          )}
        </Field>
      ) : (
        <Field
          id="pod-image"
          label="Container image"
          hint="e.g. runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04"
          error={errors.image?.message}
        >
          {(p) => <Input {...p} className="font-mono" {...register("image")} />}
        </Field>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="ports"
          render={({ field }) => (
            <Field
              id="pod-ports"
              label="Exposed ports"
              hint="Comma-separated <port>/<http|tcp|udp>. 22/tcp enables direct SSH."
              error={errors.ports?.message ?? errors.ports?.[0]?.message}
            >
              {(p) => (
                <ListInput
                  {...p}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  className="font-mono"
                />
              )}
            </Field>
          )}
        />
        <Field
          id="pod-disk"
          label="Container disk (GB)"
          hint="Temporary: wiped when the pod stops."
          error={errors.disk?.message}
        >
          {(p) => <Input {...p} type="number" min={1} {...register("disk", num)} />}
        </Field>
      </div>

      <EnvEditor control={control} register={register} error={errors.envRows?.message} />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Network volume</legend>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Secure Cloud only. A network volume replaces the pod&apos;s volume disk at the path you
          give, keeps its files after the pod is gone, and places the pod in the volume&apos;s data
          center. It can only be attached now, at deployment: it cannot be added, removed or swapped
          for another volume later.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="pod-volume" label="Network volume" error={errors.networkVolumeId?.message}>
            {(p) => (
              <Select
                {...p}
                {...register("networkVolumeId")}
                disabled={cloud !== "SECURE"}
                options={[
                  { value: "", label: "None (use the pod's own volume disk)" },
                  ...volumes.map((v) => ({
                    value: v.id,
                    label: `${v.name} · ${v.size} GB · ${v.dataCenter}`,
                  })),
                ]}
              />
            )}
          </Field>
          {volume && (
            <Field id="pod-mount-path" label="Mount path" error={errors.mountPath?.message}>
              {(p) => <Input {...p} className="font-mono" {...register("mountPath")} />}
            </Field>
          )}
        </div>
        {cloud !== "SECURE" && (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Community Cloud pods cannot attach network volumes.
          </p>
        )}
      </fieldset>

      <div className="space-y-2">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Deploy pod
        </Button>
      </div>
    </form>
  );
}
