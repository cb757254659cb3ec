import { Fragment, type ReactNode } from "react";
import type { Template } from "@/lib/schemas/templates";

/** The summary's container line: the chosen template's name, or the image typed so far. */
export function containerItem(
  v: { source?: string; templateId?: string; image?: string },
  templates: readonly Template[],
): readonly [string, ReactNode] {
  const container =
    v.source === "template"
      ? (templates.find((t) => t.id === v.templateId)?.name ?? "No template chosen")
      : v.image || "No image yet";
  return [
    v.source === "template" ? "Template" : "Image",
    <span className="font-mono text-xs" key="c">
      {container}
    </span>,
  ];
}

/**
 * The summary column of a create form: the projected cost and the submit button first (high in
 * the column, clear of the toasts in the bottom-right corner), then the settings as they will be
 * sent. Beside the fields and sticky on wide screens, after them on phones.
 */
export function FormSummary({
  id,
  items,
  children,
}: {
  id: string;
  items: readonly (readonly [string, ReactNode])[];
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className="space-y-4 rounded-lg border border-neutral-200 p-4 lg:sticky lg:top-4 dark:border-neutral-800"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Summary
      </h2>
      {children}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        {items.map(([term, detail]) => (
          <Fragment key={term}>
            <dt className="text-neutral-600 dark:text-neutral-400">{term}</dt>
            <dd className="break-words">{detail}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
