import { CopyButton } from "@/components/ui/copy-button";
import { cx } from "@/components/ui/cx";
import type { SnippetAnswer } from "@/lib/queries/playground";

/**
 * Request code as the console's server generated and highlighted it: file name and what it needs,
 * a copy button, the code (focusable, so a keyboard can scroll it), and how to run it. `fill`:
 * the code grows to the container's height (the drawer); otherwise it stops at 24 rem.
 */
export function SnippetFigure({
  snippet,
  stale = false,
  fill = false,
}: {
  snippet: SnippetAnswer;
  /** A previous answer shown while the next one loads. */
  stale?: boolean;
  fill?: boolean;
}) {
  return (
    <figure
      className={cx(
        "overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-800",
        fill && "flex min-h-0 flex-1 flex-col",
      )}
    >
      <figcaption className="flex items-center justify-between gap-2 border-b border-neutral-200 bg-neutral-50 px-3 py-1.5 text-xs text-neutral-600 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-400">
        <span>
          {snippet.filename} · {snippet.description}
        </span>
        <CopyButton value={snippet.code} label="Copy code" />
      </figcaption>
      <div
        aria-label="Code"
        tabIndex={0}
        aria-busy={stale || undefined}
        className={cx(
          "overflow-auto bg-white p-3 font-mono text-[13px] leading-relaxed dark:bg-neutral-950",
          fill ? "min-h-0 flex-1" : "max-h-96",
          "[&_pre]:!bg-transparent [&_span]:text-[var(--shiki-light)] dark:[&_span]:text-[var(--shiki-dark)]",
          stale && "opacity-60",
        )}
        // shiki escapes the code; the HTML comes from the console's own server.
        dangerouslySetInnerHTML={{ __html: snippet.html }}
      />
      <p className="border-t border-neutral-200 px-3 py-2 text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        Run: <code className="font-mono">{snippet.command}</code>
        {snippet.install && (
          <>
            {" "}
            · needs <code className="font-mono">{snippet.install}</code>
          </>
        )}
      </p>
    </figure>
  );
}
