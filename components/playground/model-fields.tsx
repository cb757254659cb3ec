"use client";

import { useState } from "react";
import { Controller, get, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { controlClasses, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { InputField, ModelInput } from "@/lib/models";
import { ImageInput, ImageListInput } from "./image-input";

type Form = UseFormReturn<ModelInput>;

const fieldId = (key: string) => `input-${key.replace(/\./g, "-")}`;
const toNumber = (v: unknown) =>
  v === "" || v === null || v === undefined ? undefined : Number(v);
const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** A list's own error, or its first item's (`images[1] must be …`). */
function listError(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === "string") return own;
  if (Array.isArray(error)) {
    const first = error.find(
      (e) => typeof (e as { message?: unknown } | undefined)?.message === "string",
    );
    return first ? String((first as { message: string }).message) : undefined;
  }
  return undefined;
}

function hintOf(field: InputField): string | undefined {
  const bounds =
    field.min !== undefined && field.max !== undefined
      ? `${field.min}–${field.max}`
      : field.min !== undefined
        ? `at least ${field.min}`
        : field.max !== undefined
          ? `at most ${field.max}`
          : undefined;
  return [field.help, bounds && `Range ${bounds}.`].filter(Boolean).join(" ") || undefined;
}

/** One input of a hosted model, rendered from its catalogue entry (control, bounds, options). */
export function ModelField({ field, form }: { field: InputField; form: Form }) {
  const id = fieldId(field.key);
  const error = get(form.formState.errors, field.key) as { message?: string } | undefined;
  const label = field.required ? field.label : `${field.label}`;
  const common = { id, label, hint: hintOf(field), error: error?.message };
  const { register, control } = form;

  switch (field.control) {
    case "textarea":
      return (
        <Field {...common}>
          {(p) => (
            <textarea
              {...p}
              {...register(field.key, { setValueAs: emptyToUndefined })}
              rows={4}
              className={`${controlClasses} py-2`}
            />
          )}
        </Field>
      );
    case "text":
      return (
        <Field {...common}>
          {(p) => <Input {...p} {...register(field.key, { setValueAs: emptyToUndefined })} />}
        </Field>
      );
    case "number":
      return (
        <Field {...common}>
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="decimal"
              min={field.min}
              max={field.max}
              step={field.step ?? "any"}
              {...register(field.key, { setValueAs: toNumber })}
            />
          )}
        </Field>
      );
    case "slider":
      return (
        <Field {...common}>
          {(p) => (
            <Controller
              control={control}
              name={field.key}
              render={({ field: f }) => (
                <div className="flex items-center gap-3">
                  {/* The number box is the labelled, keyboard control; the range is a mouse shortcut. */}
                  <input
                    type="range"
                    aria-hidden
                    tabIndex={-1}
                    min={field.min ?? 0}
                    max={field.max ?? 100}
                    step={field.step ?? "any"}
                    value={typeof f.value === "number" ? f.value : (field.min ?? 0)}
                    onChange={(e) => f.onChange(Number(e.target.value))}
                    className="min-w-0 flex-1 accent-violet-600"
                  />
                  <div className="w-28 shrink-0">
                    <Input
                      {...p}
                      type="number"
                      inputMode="decimal"
                      min={field.min}
                      max={field.max}
                      step={field.step ?? "any"}
                      name={f.name}
                      ref={f.ref}
                      onBlur={f.onBlur}
                      value={typeof f.value === "number" && !Number.isNaN(f.value) ? f.value : ""}
                      onChange={(e) => f.onChange(toNumber(e.target.value))}
                    />
                  </div>
                </div>
              )}
            />
          )}
        </Field>
      );
    case "select": {
      const options = field.options ?? [];
      const numeric = options.some((o) => typeof o.value === "number");
      return (
        <Field {...common}>
          {(p) => (
            <Select
              {...p}
              options={[
                ...(field.required ? [] : [{ value: "", label: "(default)" }]),
                ...options.map((o) => ({ value: String(o.value), label: o.label })),
              ]}
              {...register(field.key, {
                setValueAs: (v: string) => (v === "" ? undefined : numeric ? Number(v) : v),
              })}
            />
          )}
        </Field>
      );
    }
    case "toggle":
      return (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-4 accent-violet-600" {...register(field.key)} />
            {field.label}
          </label>
          {field.help && (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{field.help}</p>
          )}
        </div>
      );
    case "url-list":
      return (
        <Field {...common} hint={`${common.hint ?? ""} One URL per line.`.trim()}>
          {(p) => (
            <Controller
              control={control}
              name={field.key}
              render={({ field: f }) => (
                <UrlList {...p} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />
              )}
            />
          )}
        </Field>
      );
    case "image":
    case "image-list": {
      // One upload-or-URL control; a list takes URLs one a line and reports per-item errors.
      const list = field.control === "image-list";
      const Images = list ? ImageListInput : ImageInput;
      const listProps = list
        ? { error: listError(error), hint: `${common.hint ?? ""} URLs one a line.`.trim() }
        : {};
      return (
        <Field {...common} {...listProps}>
          {(p) => (
            <Controller
              control={control}
              name={field.key}
              render={({ field: f }) => (
                <Images
                  id={p.id}
                  describedBy={p["aria-describedby"]}
                  invalid={p["aria-invalid"]}
                  label={field.label}
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                />
              )}
            />
          )}
        </Field>
      );
    }
    case "messages":
      return (
        <Controller
          control={control}
          name={field.key}
          render={({ field: f }) => (
            <Messages
              id={id}
              label={field.label}
              help={field.help}
              error={error?.message}
              value={f.value}
              onChange={f.onChange}
            />
          )}
        />
      );
    case "loras":
      return (
        <Field {...common} hint={`${common.hint ?? ""} JSON list of {"path", "scale"}.`.trim()}>
          {(p) => (
            <Controller
              control={control}
              name={field.key}
              render={({ field: f }) => <JsonValue {...p} value={f.value} onChange={f.onChange} />}
            />
          )}
        </Field>
      );
  }
}

function UrlList({
  value,
  onChange,
  onBlur,
  ...p
}: {
  id: string;
  value: unknown;
  onChange: (v: string[] | undefined) => void;
  onBlur: () => void;
}) {
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join("\n") : ""));
  return (
    <textarea
      {...p}
      rows={3}
      spellCheck={false}
      value={text}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        const urls = e.target.value
          .split("\n")
          .map((s) => s.trim())
          .filter(Boolean);
        onChange(urls.length > 0 ? urls : undefined);
      }}
      className={`${controlClasses} py-2 font-mono text-[13px]`}
    />
  );
}

function JsonValue({
  value,
  onChange,
  ...p
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const [text, setText] = useState(() => (value === undefined ? "" : JSON.stringify(value)));
  return (
    <textarea
      {...p}
      rows={2}
      spellCheck={false}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value.trim() === "") return onChange(undefined);
        try {
          onChange(JSON.parse(e.target.value));
        } catch {
          onChange(e.target.value); // the schema reports it as not a list
        }
      }}
      className={`${controlClasses} py-2 font-mono text-[13px]`}
    />
  );
}

interface Message {
  role: "system" | "user" | "assistant";
  content: string;
}

function Messages({
  id,
  label,
  help,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  help?: string;
  error?: string;
  value: unknown;
  onChange: (v: Message[]) => void;
}) {
  const messages: Message[] = Array.isArray(value) ? (value as Message[]) : [];
  const set = (i: number, patch: Partial<Message>) =>
    onChange(messages.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label}
      </legend>
      {help && <p className="text-sm text-neutral-600 dark:text-neutral-400">{help}</p>}
      {messages.map((m, i) => (
        <div key={i} className="flex gap-2">
          <div className="w-32 shrink-0">
            <Select
              aria-label={`Message ${i + 1} role`}
              value={m.role}
              onChange={(e) => set(i, { role: e.target.value as Message["role"] })}
              options={["system", "user", "assistant"].map((r) => ({ value: r, label: r }))}
            />
          </div>
          <div className="min-w-0 flex-1">
            <textarea
              aria-label={`Message ${i + 1} content`}
              rows={2}
              value={m.content}
              onChange={(e) => set(i, { content: e.target.value })}
              className={`${controlClasses} py-2`}
            />
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove message ${i + 1}`}
            onClick={() => onChange(messages.filter((_, j) => j !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange([...messages, { role: "user", content: "" }])}
      >
        Add message
      </Button>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
    </fieldset>
  );
}
