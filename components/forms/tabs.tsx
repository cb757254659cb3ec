"use client";

import Link, { useLinkStatus } from "next/link";
import { cx } from "@/components/ui/cx";

/**
 * Tabs as links: the selected tab lives in the URL (`?tab=`, or a route per tab), so reload and
 * deep links keep it. A tab that was followed shows that it is on its way until it renders.
 */
export function LinkTabs({
  label,
  tabs,
  current,
  hrefFor,
}: {
  label: string;
  tabs: readonly { id: string; label: string }[];
  current: string;
  hrefFor: (id: string) => string;
}) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-neutral-200 dark:border-neutral-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                href={hrefFor(tab.id)}
                scroll={false}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "inline-block border-b-2 px-3 py-2 text-sm font-medium",
                  active
                    ? "border-violet-600 text-violet-700 dark:border-violet-400 dark:text-violet-300"
                    : "border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100",
                )}
              >
                {tab.label}
                <Pending />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A spinner beside a tab whose page is loading (the tab's name stays its accessible name). */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span
      aria-hidden
      data-testid="tab-pending"
      className="ml-1.5 inline-block size-3 animate-spin rounded-full border-2 border-current border-r-transparent align-[-1px] motion-reduce:animate-none"
    />
  ) : null;
}
