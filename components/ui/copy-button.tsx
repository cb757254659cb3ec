"use client";

import { Check, Copy, X } from "lucide";
import { Icon } from "./icon";
import { useEffect, useState } from "react";
import { cx } from "./cx";

/** Copies `value`; says so in words (and to screen readers) for two seconds. */
export function CopyButton({
  value,
  label = "Copy",
  className,
}: {
  value: string;
  label?: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <button
      type="button"
      onClick={copy}
      className={cx(
        "inline-flex h-7 items-center gap-1 rounded border border-neutral-300 bg-white px-2 text-xs font-medium text-neutral-700",
        "hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800",
        className,
      )}
    >
      {state === "copied" ? (
        <Icon icon={Check} className="size-3.5" />
      ) : state === "failed" ? (
        <Icon icon={X} className="size-3.5" />
      ) : (
        <Icon icon={Copy} className="size-3.5" />
      )}
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
      </span>
    </button>
  );
}
