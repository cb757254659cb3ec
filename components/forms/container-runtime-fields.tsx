"use client";

import {
  Controller,
  type Control,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
} from "react-hook-form";
import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { narrow, useContainerErrors, type Props } from "./container-fields";
import { EnvEditor } from "./env-editor";
import { asNumber } from "./env-rows";
import { ListInput } from "./list-input";

// Apart from ./container-fields so that the create forms can load these when their collapsed
// advanced section first opens (next/dynamic), not with the page.

/** Ports, container disk and environment variables. */
export function ContainerFields<T extends FieldValues, O>({
  control,
  idPrefix,
  portsHint = "Comma-separated <port>/<http|tcp|udp>, e.g. 8888/http, 22/tcp.",
  diskHint = "Temporary: wiped when the container stops.",
  showDisk = true,
}: Props<T, O> & { portsHint?: string; diskHint?: string; showDisk?: boolean }) {
  const c = narrow(control);
  const errors = useContainerErrors(c);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <ListField
          control={c}
          name="ports"
          id={`${idPrefix}-ports`}
          label="Exposed ports"
          hint={portsHint}
        />
        {showDisk && (
          <Field
            id={`${idPrefix}-disk`}
            label="Container disk (GB)"
            hint={diskHint}
            error={errors.disk?.message}
          >
            {(p) => <Input {...p} type="number" min={1} {...c.register("disk", asNumber)} />}
          </Field>
        )}
      </div>
      <EnvEditor control={c} error={errors.envRows?.message ?? errors.envRows?.root?.message} />
    </>
  );
}

/** A list field (ports) typed as one comma-separated text box. */
export function ListField<T extends FieldValues, O>({
  control,
  name,
  id,
  label,
  hint,
}: {
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, string[] | undefined>;
  id: string;
  label: string;
  hint?: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // An array's error sits on the array, its root, or its first bad item.
        const e = fieldState.error as
          (FieldError & { root?: FieldError; 0?: FieldError }) | undefined;
        return (
          <Field
            id={id}
            label={label}
            hint={hint}
            error={e?.message ?? e?.root?.message ?? e?.[0]?.message}
          >
            {(p) => (
              <ListInput
                {...p}
                ref={field.ref}
                value={field.value as string[] | undefined}
                onChange={field.onChange}
                className="font-mono"
              />
            )}
          </Field>
        );
      }}
    />
  );
}
