"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Settings most people leave at their defaults, collapsed in a <details>. Its fields render from
 * the first time it opens (so code that only they use can load then). It opens itself when a
 * field in it has an error, and moves the focus to that field (the form's own focus-on-error ran
 * while the field was still hidden).
 */
export function AdvancedSection({
  title,
  hasError,
  children,
}: {
  title: string;
  hasError: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const details = ref.current;
    if (!hasError || !details || details.open) return;
    details.open = true;
    setOpened(true);
  }, [hasError]);
  useEffect(() => {
    if (hasError && opened)
      ref.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [hasError, opened]);
  return (
    <details
      ref={ref}
      onToggle={(e) => e.currentTarget.open && setOpened(true)}
      className="rounded-lg border border-neutral-200 dark:border-neutral-800"
    >
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{title}</summary>
      <div className="space-y-6 border-t border-neutral-200 px-3 py-4 dark:border-neutral-800">
        {opened && children}
      </div>
    </details>
  );
}
