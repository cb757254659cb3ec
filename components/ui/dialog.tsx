"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Field } from "./field";
import { Input } from "./input";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and focus returns to
 * the opener when it closes.
 */
export function Dialog({ open, onClose, title, description, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg border border-neutral-200 bg-white p-6 text-neutral-900 shadow-xl backdrop:bg-black/50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
          {description}
        </div>
      )}
      {children && <div className="mt-4">{children}</div>}
    </dialog>
  );
}

export interface ConfirmByNameDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The resource's name; the confirm button stays disabled until it is typed exactly. */
  name: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  pending?: boolean;
}

/** For destructive actions (delete endpoint, delete volume, terminate pod): confirm by typing the name. */
export function ConfirmByNameDialog({
  open,
  onClose,
  title,
  description,
  name,
  confirmLabel,
  onConfirm,
  pending,
}: ConfirmByNameDialogProps) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const matches = typed === name;

  function close() {
    setTyped("");
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title={title} description={description}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) void onConfirm();
        }}
        className="space-y-4"
      >
        <Field
          id={inputId}
          label={
            <>
              Type <span className="font-mono font-semibold">{name}</span> to confirm
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
