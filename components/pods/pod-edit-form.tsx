"use client";

import { useForm, useWatch } from "react-hook-form";
import { ImageField, RegistryField, TemplatePreview } from "@/components/forms/container-fields";
import { ContainerFields } from "@/components/forms/container-runtime-fields";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { asNumber } from "@/components/forms/env-rows";
import { FormProblem } from "@/components/forms/form-problem";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { updatePod } from "@/lib/actions/pods";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { podKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import type { Registry } from "@/lib/schemas/registries";
import type { Template } from "@/lib/schemas/templates";
import type { EditablePod } from "./editable-pod";
import type { EditPodValues } from "./pod-form-schema";
import {
  EDIT_ALIASES,
  EDIT_FIELDS,
  mountWarnings,
  toUpdatePodInput,
  valuesFromPod,
} from "./pod-form-values";
import { volumeOptions } from "@/components/volumes/volume-options";

const unprefix = (errors: string[] | undefined) => errors?.map((e) => e.replace(/^patch\./, ""));

/** Edit a pod with PATCH: only changed fields are sent; the platform's rules are shown up front. */
export function PodEditForm({
  pod,
  volumes,
  templates,
  registries,
}: {
  pod: EditablePod;
  volumes: readonly NetworkVolume[];
  templates: readonly Template[];
  registries: readonly Registry[];
}) {
  const toast = useToast();
  const update = useAction(updatePod, [podKeys.all]);
  const form = useForm<EditPodValues>({
    resolver: lazyZodResolver(() => import("./pod-form-schema").then((m) => m.EditPodSchema)),
    defaultValues: valuesFromPod(pod),
  });
  showDefaultsInHtml(form, ["source"]);
  const { register, control, handleSubmit, formState } = form;
  const { errors, isSubmitting, dirtyFields } = formState;
  const [mount, templateId, envRows] = useWatch({
    control,
    name: ["mount", "templateId", "envRows"],
  });
  const template = templates.find((t) => t.id === templateId);
  const warnings = dirtyFields.mount ? mountWarnings(pod.mounts, mount) : [];
  const mountError = errors.mount?.message;

  async function submit(values: EditPodValues) {
    const patch = toUpdatePodInput(values, dirtyFields);
    if (Object.keys(patch).length === 0) {
      toast({ tone: "info", title: "Nothing to save: no field changed" });
      return;
    }
    const result = await update.mutateAsync({ id: pod.id, patch });
    if (!result.ok) {
      applyProblemToForm(
        { ...result.problem, errors: unprefix(result.problem.errors) },
        form.setError,
        { fields: EDIT_FIELDS, aliases: EDIT_ALIASES },
      );
      toast({ tone: "error", title: "Pod not saved", description: result.problem.detail });
      return;
    }
    toast({ tone: "success", title: "Pod saved" });
    form.reset(valuesFromPod(result.data));
  }

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-label="Edit pod"
      className="max-w-3xl space-y-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="edit-name" label="Pod name" error={errors.name?.message}>
          {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
        </Field>
        <ImageField
          control={control}
          idPrefix="edit"
          hint="A new image restarts the container; the volume disk keeps its files."
        />
      </div>
      <Field
        id="edit-args"
        label="Start command"
        hint="Overrides the image's command; empty: the image's own."
        error={errors.args?.message}
      >
        {(p) => <Input {...p} className="font-mono" spellCheck={false} {...register("args")} />}
      </Field>
      <RegistryField control={control} idPrefix="edit" registries={registries} />
      <div className="space-y-3">
        <Field
          id="edit-template"
          label="Apply a template"
          hint="Its image, command, disk, ports and variables replace the pod's once (mounts stay); your variables below win over the template's. The pod keeps no link to it."
          error={errors.templateId?.message}
        >
          {(p) => (
            <Select
              {...p}
              {...register("templateId")}
              options={[
                { value: "", label: "None (keep the settings below)" },
                ...templates.map((t) => ({
                  value: t.id,
                  label: `${t.name} (${t.public ? "public" : "yours"}) · ${t.image}`,
                })),
              ]}
            />
          )}
        </Field>
        {template && <TemplatePreview template={template} envRows={envRows} />}
      </div>
      <ContainerFields
        control={control}
        idPrefix="edit"
        portsHint="Comma-separated <port>/<http|tcp|udp>."
      />

      <div className="space-y-3">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            {...register("locked")}
            aria-describedby="lock-hint"
          />
          <span>
            <span className="font-medium">Lock this pod</span>
            <span id="lock-hint" className="block text-neutral-600 dark:text-neutral-400">
              A locked pod cannot be stopped or reset — protection against stopping a long run by
              mistake. Unlock it to stop or restart it.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            {...register("globalNetworking")}
            aria-describedby="global-networking-hint"
          />
          <span>
            <span className="font-medium">Global networking</span>
            <span
              id="global-networking-hint"
              className="block text-neutral-600 dark:text-neutral-400"
            >
              A private network between your pods across data centers. Applies at next start; needs
              an NVIDIA GPU and an eligible data center.
            </span>
          </span>
        </label>
        {errors.globalNetworking?.message && (
          <p className="text-sm text-red-700 dark:text-red-400">
            <span aria-hidden>⚠ </span>
            {errors.globalNetworking.message}
          </p>
        )}
      </div>

      <fieldset aria-describedby="mount-rules mount-error" className="space-y-3">
        <legend className="text-sm font-medium">Mounts</legend>
        <ul
          id="mount-rules"
          className="list-disc pl-5 text-sm text-neutral-600 dark:text-neutral-400"
        >
          <li>The kind of mount is fixed at deployment: a pod cannot gain a new kind of mount.</li>
          <li>A network volume cannot be swapped for another; only its path can change.</li>
          <li>
            Entries must be complete: a volume disk needs size and path, a network mount volume and
            path.
          </li>
        </ul>
        {mountError && (
          <p id="mount-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
            <span aria-hidden>⚠ </span>
            {mountError}
          </p>
        )}
        <Field id="edit-mount-kind" label="Mount kind">
          {(p) => (
            <Select
              {...p}
              {...register("mount.kind")}
              options={[
                { value: "none", label: "None" },
                { value: "persistent", label: "Volume disk (persistent)" },
                { value: "network", label: "Network volume" },
              ]}
            />
          )}
        </Field>
        {mount.kind === "persistent" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="edit-mount-size" label="Volume disk (GB)" hint="10 GB or more; grows only.">
              {(p) => <Input {...p} type="number" {...register("mount.size", asNumber)} />}
            </Field>
            <Field id="edit-mount-path" label="Mount path">
              {(p) => <Input {...p} className="font-mono" {...register("mount.path")} />}
            </Field>
          </div>
        )}
        {mount.kind === "network" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="edit-mount-volume" label="Network volume">
              {(p) => (
                <Select
                  {...p}
                  {...register("mount.volumeId")}
                  options={volumeOptions(volumes, "Choose a volume…")}
                />
              )}
            </Field>
            <Field id="edit-mount-path" label="Mount path">
              {(p) => <Input {...p} className="font-mono" {...register("mount.path")} />}
            </Field>
          </div>
        )}
        {warnings.length > 0 && (
          <div
            aria-live="polite"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
          >
            <p className="font-medium">The platform will refuse this mount change:</p>
            <ul className="list-disc pl-5">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
      </fieldset>

      <div className="space-y-2">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Save pod
        </Button>
      </div>
    </form>
  );
}
