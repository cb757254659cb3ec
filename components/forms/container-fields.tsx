"use client";

import {
  useFormState,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldValues,
} from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Registry } from "@/lib/schemas/registries";
import type { Template } from "@/lib/schemas/templates";
import type { EnvRow } from "./env-rows";

/**
 * The container part every form shares (endpoint, pod deploy and edit, template). A form keeps
 * these names for them; a component only reads the ones it renders.
 */
export interface ContainerForm {
  source: "image" | "template";
  image: string;
  templateId: string;
  ports: string[];
  disk: number;
  /** Registry credential id; "" for none. */
  registry: string;
  envRows: EnvRow[];
}

export interface Props<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  /** Prefix of the controls' ids, unique per form (`endpoint`, `pod`, `edit`, `template`). */
  idPrefix: string;
}

const SOURCES = [
  ["image", "From an image"],
  ["template", "From a template"],
] as const;

// The generic form narrows to the container fields this file owns.
export const narrow = <T extends FieldValues, O>(control: Control<T, unknown, O>) =>
  control as unknown as Control<ContainerForm>;

export function useContainerErrors(control: Control<ContainerForm>): FieldErrors<ContainerForm> {
  return useFormState({ control }).errors;
}

export function ImageField<T extends FieldValues, O>({
  control,
  idPrefix,
  hint,
}: Props<T, O> & { hint?: string }) {
  const c = narrow(control);
  const errors = useContainerErrors(c);
  return (
    <Field
      id={`${idPrefix}-image`}
      label="Container image"
      hint={hint}
      error={errors.image?.message}
    >
      {(p) => (
        <Input
          {...p}
          className="font-mono"
          spellCheck={false}
          autoComplete="off"
          {...c.register("image")}
        />
      )}
    </Field>
  );
}

/** Create forms: the container comes from an image or from a template (own or public). */
export function ContainerSourceFields<T extends FieldValues, O>({
  control,
  idPrefix,
  templates,
  imageHint,
}: Props<T, O> & { templates: readonly Template[]; imageHint?: string }) {
  const c = narrow(control);
  const errors = useContainerErrors(c);
  const [source, templateId, envRows] = useWatch({
    control: c,
    name: ["source", "templateId", "envRows"],
  });
  const template = templates.find((t) => t.id === templateId);
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium">Container</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {SOURCES.map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                value={value}
                className="accent-violet-600"
                {...c.register("source")}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {source === "template" ? (
        <>
          <Field
            id={`${idPrefix}-template`}
            label="Template"
            hint="The template's image, ports, disk and variables; anything you set below wins."
            error={errors.templateId?.message}
          >
            {(p) => (
              <Select
                {...p}
                {...c.register("templateId")}
                options={[
                  { value: "", label: templates.length ? "Choose a template…" : "No templates" },
                  ...templates.map((t) => ({
                    value: t.id,
                    label: `${t.name} (${t.public ? "public" : "yours"}) · ${t.image}`,
                  })),
                ]}
              />
            )}
          </Field>
          {template && <TemplatePreview template={template} envRows={envRows ?? []} />}
        </>
      ) : (
        <ImageField control={control} idPrefix={idPrefix} hint={imageHint} />
      )}
    </>
  );
}

/** What the chosen template brings, and how its variables merge with the form's (the form wins). */
export function TemplatePreview({
  template,
  envRows,
}: {
  template: Template;
  envRows: readonly EnvRow[];
}) {
  const own = new Map(envRows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));
  const merged = new Map<string, { value: string; from: "template" | "yours" | "overridden" }>();
  for (const [key, value] of Object.entries(template.env ?? {}))
    merged.set(key, { value, from: own.has(key) ? "overridden" : "template" });
  for (const [key, value] of own)
    merged.set(key, { value, from: merged.has(key) ? "overridden" : "yours" });
  return (
    <section
      aria-label="Template preview"
      className="rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      <p className="font-medium">Settings from {template.name}</p>
      <dl className="mt-1 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-neutral-600 dark:text-neutral-400">Image</dt>
        <dd className="font-mono break-all">{template.image}</dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Ports</dt>
        <dd className="font-mono">{template.ports?.join(", ") || "none"}</dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Container disk</dt>
        <dd>{template.disk ?? "default"} GB</dd>
      </dl>
      <p className="mt-2 font-medium">Environment after the merge</p>
      {merged.size === 0 ? (
        <p className="text-neutral-600 dark:text-neutral-400">No variables.</p>
      ) : (
        <ul className="font-mono text-xs">
          {[...merged].map(([key, { value, from }]) => (
            <li key={key}>
              {key}={value}{" "}
              <span className="font-sans text-neutral-600 dark:text-neutral-400">
                (
                {from === "template"
                  ? "from the template"
                  : from === "yours"
                    ? "yours"
                    : "yours, replaces the template's"}
                )
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Registry credentials for a private image: `""` is none (a public image). Reads the account's
 * registries itself; while they load or when they cannot be read, only "none" is offered.
 */
export function RegistryField<T extends FieldValues, O>({
  control,
  idPrefix,
  registries,
}: Props<T, O> & { registries: readonly Registry[] }) {
  const c = narrow(control);
  const errors = useContainerErrors(c);
  return (
    <Field
      id={`${idPrefix}-registry`}
      label="Registry credentials"
      hint="For a private image. Add credentials with the platform's /v2/registries API."
      error={errors.registry?.message}
    >
      {(p) => (
        <Select
          {...p}
          {...c.register("registry")}
          options={[
            { value: "", label: "None (public image)" },
            ...registries.map((r) => ({ value: r.id, label: r.name })),
          ]}
        />
      )}
    </Field>
  );
}
