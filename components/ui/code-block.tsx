import { CopyButton } from "./copy-button";
import { cx } from "./cx";

/** Preformatted code with a copy button. Plain <pre> for now; syntax highlighting comes later. */
export function CodeBlock({
  code,
  label,
  language,
  className,
}: {
  code: string;
  label?: string;
  language?: string;
  className?: string;
}) {
  return (
    <figure
      className={cx(
        "max-w-full min-w-0 overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-800",
        className,
      )}
    >
      <figcaption className="flex items-center justify-between gap-2 border-b border-neutral-200 bg-neutral-50 px-3 py-1.5 text-xs text-neutral-600 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-400">
        <span>{label ?? language ?? "Code"}</span>
        <CopyButton value={code} label={label ? `Copy ${label}` : "Copy"} />
      </figcaption>
      {/* Focusable so a keyboard can scroll a long line into view. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto bg-white p-3 font-mono text-[13px] leading-relaxed text-neutral-800 dark:bg-neutral-950 dark:text-neutral-200"
      >
        <code data-language={language}>{code}</code>
      </pre>
    </figure>
  );
}
