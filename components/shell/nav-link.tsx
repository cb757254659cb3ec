"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** A navigation link that marks itself current (`aria-current="page"`) on its section's pages. */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      // On phones the links sit in a folded menu (<details>): following one folds it again.
      onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
      className={cx(
        "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm",
        current
          ? "bg-violet-50 font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-200"
          : "text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800",
      )}
    >
      {children}
    </Link>
  );
}
