"use client";

import { Controller, useForm, useWatch } from "react-hook-form";
import { ContainerSourceFields, RegistryField } from "@/components/forms/container-fields";
import dynamic from "next/dynamic";
import type { ContainerFields as ContainerFieldsComponent } from "@/components/forms/container-runtime-fields";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { DataCenterPicker } from "@/components/forms/data-center-picker";
import { asNumber } from "@/components/forms/env-rows";
import { AdvancedSection } from "@/components/forms/advanced-section";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import type { DataCenter, GpuType } from "@/lib/schemas/catalog";
import type { Problem } from "@/lib/schemas/common";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import type { Registry } from "@/lib/schemas/registries";
import type { Template } from "@/lib/schemas/templates";
import type { DeployPodOutput, DeployPodValues } from "./pod-form-schema";
import { DEPLOY_ALIASES, DEPLOY_FIELDS, NEW_POD_DEFAULTS } from "./pod-form-values";
import { PodGpuPicker } from "./pod-gpu-picker";
import { CLOUD_LABEL, PodSummary } from "./pod-summary";
import { volumeOptions } from "@/components/volumes/volume-options";

// Loaded when the collapsed advanced section first opens.
const ContainerFields = dynamic(() =>
  import("@/components/forms/container-runtime-fields").then((m) => m.ContainerFields),
) as unknown as typeof ContainerFieldsComponent;

export interface DeployPodFormProps {
  gpus: readonly GpuType[];
  dataCenters: readonly DataCenter[];
  templates: readonly Template[];
  registries: readonly Registry[];
  volumes: readonly NetworkVolume[];
  /** Resolves with null on success or the problem to show on the form. */
  onSubmit: (values: DeployPodOutput) => Promise<Problem | null>;
}

/** Deploy a pod: validated with the contract schema (CreatePodInput) it extends. */
export function DeployPodForm(props: DeployPodFormProps) {
  const { gpus, dataCenters, templates, registries, volumes, onSubmit } = props;
  const form = useForm<DeployPodValues, unknown, DeployPodOutput>({
    resolver: lazyZodResolver(() => import("./pod-form-schema").then((m) => m.DeployPodSchema)),
    defaultValues: NEW_POD_DEFAULTS,
  });
  showDefaultsInHtml(form, ["cloud", "source"]);
  const { register, control, handleSubmit, formState, setValue } = form;
  const { errors, isSubmitting } = formState;
  const [cloud, gpuId, volumeId] = useWatch({
    control,
    name: ["cloud", "gpu.id", "networkVolumeId"],
  });
  const offered = gpus.filter((g) => (cloud === "COMMUNITY" ? g.community : g.secure));
  const gpu = gpus.find((g) => g.id === gpuId);
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
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="min-w-0 space-y-6">
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
            Secure Cloud runs in the platform&apos;s own data centers and can attach network
            volumes; Community Cloud is cheaper, on vetted hosts, without network volumes.
          </p>
        </fieldset>

        <PodGpuPicker
          offered={offered}
          cloud={cloud ?? "SECURE"}
          chosen={gpuId}
          field={register("gpu.id")}
          error={errors.gpu?.id?.message}
        />
        <div className="sm:w-48">
          <Field
            id="pod-gpu-count"
            label="GPU count"
            hint={`Up to ${maxCount}.`}
            error={errors.gpu?.count?.message}
          >
            {(p) => (
              <Input
                {...p}
                type="number"
                min={1}
                max={maxCount}
                {...register("gpu.count", asNumber)}
              />
            )}
          </Field>
        </div>

        <ContainerSourceFields
          control={control}
          idPrefix="pod"
          templates={templates}
          imageHint="e.g. runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04"
        />

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Network volume</legend>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Secure Cloud only. A network volume replaces the pod&apos;s volume disk at the path you
            give, keeps its files after the pod is gone, and places the pod in the volume&apos;s
            data center. It can only be attached now, at deployment: it cannot be added, removed or
            swapped for another volume later.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="pod-volume" label="Network volume" error={errors.networkVolumeId?.message}>
              {(p) => (
                <Select
                  {...p}
                  {...register("networkVolumeId", {
                    // The volume places the pod in its data center: keep the preference list in step.
                    onChange: (e: { target: { value: string } }) => {
                      const dc = volumes.find((v) => v.id === e.target.value)?.dataCenter;
                      setValue("dataCenterIds", dc ? [dc] : []);
                    },
                  })}
                  disabled={cloud !== "SECURE"}
                  options={volumeOptions(volumes, "None (use the pod's own volume disk)")}
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

        <Controller
          control={control}
          name="dataCenterIds"
          render={({ field }) => (
            <DataCenterPicker
              id="pod-data-centers"
              dataCenters={dataCenters}
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              placed="the pod"
              confinedTo={volume ? new Map([[volume.dataCenter, volume.name]]) : undefined}
              error={errors.dataCenterIds?.message ?? errors.dataCenterIds?.[0]?.message}
            />
          )}
        />

        <AdvancedSection
          title="Advanced: registry credentials, ports, disk and environment"
          hasError={!!(errors.registry || errors.ports || errors.disk || errors.envRows)}
        >
          <RegistryField control={control} idPrefix="pod" registries={registries} />
          <ContainerFields
            control={control}
            idPrefix="pod"
            portsHint="Comma-separated <port>/<http|tcp|udp>. 22/tcp enables direct SSH."
            diskHint="Temporary: wiped when the pod stops."
          />
        </AdvancedSection>
      </div>

      <PodSummary
        control={control}
        gpus={gpus}
        templates={templates}
        volumes={volumes}
        pending={isSubmitting}
        problem={errors.root?.server?.message}
      />
    </form>
  );
}
