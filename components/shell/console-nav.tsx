"use client";

import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { DEVTOOLS_NAV_ITEMS, NAV_ITEMS } from "./nav-items";

export function ConsoleNav({ devtools = false }: { devtools?: boolean }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className="flex-1 px-2 py-3">
      <NavList items={NAV_ITEMS} pathname={pathname} />
      {devtools && (
        <>
          <h2
            id="devtools-nav-heading"
            className="mt-5 mb-1 px-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400"
          >
            Local platform tools
          </h2>
          <NavList
            items={DEVTOOLS_NAV_ITEMS}
            pathname={pathname}
            labelledBy="devtools-nav-heading"
          />
        </>
      )}
    </nav>
  );
}

function NavList({
  items,
  pathname,
  labelledBy,
}: {
  items: readonly { href: string; label: string; icon: LucideIcon }[];
  pathname: string;
  labelledBy?: string;
}) {
  return (
    <ul className="space-y-0.5" aria-labelledby={labelledBy}>
      {items.map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        const Icon = item.icon;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={cx(
                "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm",
                current
                  ? "bg-violet-50 font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-200"
                  : "text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800",
              )}
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
