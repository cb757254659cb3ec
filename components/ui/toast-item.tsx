"use client";

import { useEffect } from "react";
import { cx } from "./cx";
import type { ToastItem, ToastTone } from "./toast";

const TONE: Record<ToastTone, { className: string; word: string }> = {
  success: { className: "border-green-600 dark:border-green-500", word: "Done" },
  error: { className: "border-red-600 dark:border-red-500", word: "Error" },
  info: { className: "border-violet-600 dark:border-violet-500", word: "Note" },
};

export function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    // Errors stay until dismissed: they may need reading twice.
    if (item.tone === "error") return;
    const timer = setTimeout(() => onDismiss(item.id), 5000);
    return () => clearTimeout(timer);
  }, [item, onDismiss]);

  return (
    <li
      className={cx(
        "pointer-events-auto flex items-start gap-3 rounded-md border-l-4 bg-white p-3 text-sm shadow-lg ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800",
        TONE[item.tone].className,
      )}
    >
      <div className="flex-1">
        <p className="font-medium">
          <span className="sr-only">{TONE[item.tone].word}: </span>
          {item.title}
        </p>
        {item.description && (
          <p className="mt-0.5 text-neutral-700 dark:text-neutral-300">{item.description}</p>
        )}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        className="inline-flex size-6 shrink-0 items-center justify-center rounded text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100"
        aria-label={`Dismiss: ${item.title}`}
      >
        <span aria-hidden>×</span>
      </button>
    </li>
  );
}
