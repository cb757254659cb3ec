import type { ReactNode } from "react";
import { cx } from "./cx";

/** A refusal or warning the user must read (announced as an alert). */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={cx(
        "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200",
        className,
      )}
    >
      {children}
    </p>
  );
}
