import type { ReactNode } from "react";
import { Label } from "./label";
import { sentence } from "@/lib/schemas/sentence";

/** Props a Field hands to its control so label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and announced with it; also marks the control aria-invalid. */
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error, wired with aria-describedby: `<Field id label error>{(p) => <Input {...p} />}</Field>`. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {sentence(error)}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-neutral-600 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}
