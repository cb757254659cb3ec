import type { ComponentProps } from "react";
import { cx } from "./cx";
import { controlClasses } from "./input";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A native select: keyboard, screen readers and mobile pickers work without extra code. */
export function Select({
  options,
  className,
  ...props
}: ComponentProps<"select"> & { options: SelectOption[] }) {
  return (
    <select className={cx(controlClasses, "h-10 pr-8", className)} {...props}>
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
