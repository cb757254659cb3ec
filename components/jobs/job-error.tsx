import { CopyButton } from "@/components/ui/copy-button";
import { cx } from "@/components/ui/cx";
import { readJobError } from "@/lib/console-store/job-error";

const PRE =
  "max-h-96 overflow-auto rounded-md border p-3 font-mono text-xs leading-relaxed whitespace-pre";

/**
 * A failed job's error as a person reads it: the message, the handler's traceback as a
 * preformatted block, and the raw JSON the platform answered behind a toggle.
 */
export function JobError({
  error,
  title,
  className,
}: {
  error: unknown;
  /** What happened, e.g. "The job failed". */
  title: string;
  className?: string;
}) {
  const view = readJobError(error);
  return (
    <div
      role="alert"
      aria-label={title}
      className={cx(
        "space-y-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
        className,
      )}
    >
      <p className="font-medium">{title}</p>
      <p data-testid="job-error-message" className="break-words">
        {view.type && <span className="font-mono font-semibold">{view.type}: </span>}
        {view.message}
      </p>
      {view.workerId && (
        <p className="text-xs">
          On worker <span className="font-mono">{view.workerId}</span>
        </p>
      )}
      {view.traceback && (
        <div className="space-y-1">
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-medium">Traceback</p>
            <CopyButton value={view.traceback} label="Copy traceback" />
          </div>
          <pre
            tabIndex={0}
            aria-label="Traceback"
            className={cx(
              PRE,
              "border-red-200 bg-white text-neutral-900 dark:border-red-900 dark:bg-neutral-950 dark:text-neutral-100",
            )}
          >
            {view.traceback}
          </pre>
        </div>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer font-medium">Raw error (JSON)</summary>
        <pre
          tabIndex={0}
          aria-label="Raw error JSON"
          className={cx(
            PRE,
            "mt-2 border-red-200 bg-white whitespace-pre-wrap text-neutral-900 dark:border-red-900 dark:bg-neutral-950 dark:text-neutral-100",
          )}
        >
          {view.raw}
        </pre>
      </details>
    </div>
  );
}
