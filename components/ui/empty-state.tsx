import type { IconNode } from "lucide";
import { Inbox } from "lucide";
import { Icon } from "./icon";
import type { ReactNode } from "react";

/** An empty list that teaches: what will appear here, why it is empty, and the first step. */
export function EmptyState({
  title,
  children,
  action,
  icon = Inbox,
}: {
  title: string;
  children: ReactNode;
  /** The first step, as a primary button or link. */
  action?: ReactNode;
  /** Decorative; the heading says what is empty. */
  icon?: IconNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-dashed border-neutral-300 bg-neutral-50/60 p-5 sm:p-8 dark:border-neutral-700 dark:bg-neutral-900/40"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Icon icon={icon} className="size-5 shrink-0 text-neutral-500 dark:text-neutral-400" />
        {title}
      </h2>
      <div className="mt-2 max-w-prose space-y-3 text-sm text-neutral-700 dark:text-neutral-300">
        {children}
      </div>
      {action && <div className="mt-5">{action}</div>}
    </section>
  );
}
