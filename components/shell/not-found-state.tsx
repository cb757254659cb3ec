import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";

/**
 * "Nothing here" as a page of its own (a heading, why, and the ways back), for an unknown URL or
 * a resource id the platform does not know: a 404 is an answer, not a failure to retry.
 */
export function NotFoundState({
  title,
  children,
  links,
}: {
  title: ReactNode;
  children: ReactNode;
  /** The first link is the main way back. */
  links: readonly { href: string; label: string }[];
}) {
  return (
    <section aria-labelledby="not-found-heading" className="max-w-2xl space-y-4">
      <h1 id="not-found-heading" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="space-y-2 text-sm text-neutral-700 dark:text-neutral-300">{children}</div>
      <nav aria-label="Ways back" className="flex flex-wrap gap-2">
        {links.map((link, i) => (
          <Link
            key={link.href}
            href={link.href}
            className={buttonClasses(i === 0 ? "primary" : "secondary")}
          >
            {link.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}
