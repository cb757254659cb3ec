import type { ComponentProps } from "react";
import { cx } from "./cx";

export const controlClasses = cx(
  "block w-full rounded-md border bg-white px-3 text-sm text-neutral-900 shadow-xs",
  "border-neutral-300 placeholder:text-neutral-400",
  "dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500",
  "aria-invalid:border-red-600 dark:aria-invalid:border-red-400",
  "disabled:cursor-not-allowed disabled:opacity-60",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(controlClasses, "h-10", className)} {...props} />;
}
