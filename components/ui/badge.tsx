import type { IconNode } from "lucide";
import {
  CircleAlert,
  CircleCheck,
  CircleDot,
  CircleMinus,
  CircleX,
  Info,
  LoaderCircle,
} from "lucide";
import { Icon } from "./icon";
import type { ReactNode } from "react";
import { cx } from "./cx";

export type Tone = "neutral" | "success" | "warning" | "danger" | "info" | "accent";

const BADGE: Record<Tone, string> = {
  neutral:
    "bg-neutral-100 text-neutral-700 ring-neutral-300 dark:bg-neutral-800 dark:text-neutral-300 dark:ring-neutral-700",
  success:
    "bg-green-50 text-green-800 ring-green-300 dark:bg-green-950 dark:text-green-300 dark:ring-green-800",
  warning:
    "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800",
  danger: "bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-300 dark:ring-red-800",
  info: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-800",
  accent:
    "bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-300 dark:ring-violet-800",
};

/** A status's icon repeats its tone in shape, so the tone is never told by colour alone. */
const STATUS_ICON: Record<Tone, { icon: IconNode; className: string }> = {
  neutral: { icon: CircleMinus, className: "text-neutral-500 dark:text-neutral-400" },
  success: { icon: CircleCheck, className: "text-green-600 dark:text-green-400" },
  warning: { icon: CircleAlert, className: "text-amber-600 dark:text-amber-400" },
  danger: { icon: CircleX, className: "text-red-600 dark:text-red-400" },
  info: { icon: Info, className: "text-sky-600 dark:text-sky-400" },
  accent: { icon: CircleDot, className: "text-violet-600 dark:text-violet-400" },
};

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        BADGE[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/**
 * Status as icon + word, so it reads without colour (the word is the name; the icon is
 * decorative). `pulse` marks transitional states (IN_PROGRESS, initializing): a spinner, still
 * under reduced motion.
 */
export function StatusDot({ tone, label, pulse }: { tone: Tone; label: string; pulse?: boolean }) {
  const { icon, className } = STATUS_ICON[tone];
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Icon
        icon={pulse ? LoaderCircle : icon}
        className={cx("size-3.5 shrink-0", className, pulse && "motion-safe:animate-spin")}
      />
      <span>{label}</span>
    </span>
  );
}
