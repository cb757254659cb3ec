"use client";

import { useFieldArray, type Control, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { EnvRow } from "./env-rows";

interface EnvForm {
  envRows: EnvRow[];
}

/** Environment variables as key/value rows; the form turns them into the `env` object on submit. */
export function EnvEditor<T extends FieldValues, O>({
  control,
  error,
}: {
  control: Control<T, unknown, O>;
  error?: string;
}) {
  // The generic form narrows to the `envRows` part this editor owns.
  const c = control as unknown as Control<EnvForm>;
  const r = c.register;
  const { fields, append, remove } = useFieldArray({ control: c, name: "envRows" });
  return (
    <fieldset aria-describedby={error ? "env-error" : undefined}>
      <legend className="text-sm font-medium">Environment variables</legend>
      {error && (
        <p id="env-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
      <div className="mt-2 space-y-2">
        {fields.length === 0 && (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            None. Workers read these as environment variables (e.g. <code>MODEL_NAME</code>).
          </p>
        )}
        {fields.map((field, i) => (
          <div key={field.id} className="flex gap-2">
            <Input
              aria-label={`Variable ${i + 1} name`}
              placeholder="NAME"
              className="font-mono"
              {...r(`envRows.${i}.key`)}
            />
            <Input
              aria-label={`Variable ${i + 1} value`}
              placeholder="value"
              className="font-mono"
              {...r(`envRows.${i}.value`)}
            />
            <Button
              variant="ghost"
              onClick={() => remove(i)}
              aria-label={`Remove variable ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => append({ key: "", value: "" })}>
          Add variable
        </Button>
      </div>
    </fieldset>
  );
}
