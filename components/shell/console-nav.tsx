"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { NAV_ITEMS } from "./nav-items";

export function ConsoleNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className="flex-1 px-2 py-3">
      <ul className="space-y-0.5">
        {NAV_ITEMS.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={cx(
                  "block rounded-md px-3 py-2 text-sm",
                  current
                    ? "bg-violet-50 font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-200"
                    : "text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800",
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
