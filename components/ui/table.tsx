import type { ComponentProps } from "react";
import { cx } from "./cx";

/** A plain, scrollable data table; pass a `caption` (visible or `sr-only`) so it has a name. */
export function Table({ className, children, ...props }: ComponentProps<"table">) {
  return (
    // relative: sr-only (absolutely placed) text inside a wide table is clipped here too, not
    // laid out past the page edge.
    <div className="relative overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
      <table className={cx("w-full border-collapse text-left text-sm", className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export function THead(props: ComponentProps<"thead">) {
  return (
    <thead
      className="bg-neutral-50 text-neutral-600 dark:bg-neutral-900 dark:text-neutral-400"
      {...props}
    />
  );
}

export function TBody(props: ComponentProps<"tbody">) {
  return <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800" {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr className={cx("hover:bg-neutral-50 dark:hover:bg-neutral-900/60", className)} {...props} />
  );
}

export function Th({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return (
    <th
      scope={scope}
      className={cx("px-4 py-2.5 text-xs font-medium uppercase tracking-wide", className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cx("px-4 py-3 align-middle", className)} {...props} />;
}
