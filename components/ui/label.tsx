import type { ComponentProps } from "react";
import { cx } from "./cx";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    <label
      className={cx("block text-sm font-medium text-neutral-800 dark:text-neutral-200", className)}
      {...props}
    />
  );
}
