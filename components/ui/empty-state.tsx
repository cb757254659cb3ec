import type { ReactNode } from "react";

/** An empty list that teaches: what will appear here, why it is empty, and the first step. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-dashed border-neutral-300 bg-neutral-50/60 p-8 dark:border-neutral-700 dark:bg-neutral-900/40"
    >
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="mt-2 max-w-prose space-y-3 text-sm text-neutral-700 dark:text-neutral-300">
        {children}
      </div>
      {action && <div className="mt-5">{action}</div>}
    </section>
  );
}
