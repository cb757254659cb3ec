import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import type { Endpoint } from "@/lib/schemas/endpoints";

const LABELS: Record<string, string> = {
  run: "Run (async)",
  runSync: "Run sync",
  status: "Status",
  stream: "Stream",
  cancel: "Cancel",
  retry: "Retry",
  purgeQueue: "Purge queue",
  health: "Health",
  base: "Base URL",
};

/** Request URLs with copy buttons and a first request to paste into a terminal. */
export function EndpointOverview({ endpoint }: { endpoint: Endpoint }) {
  const urls = Object.entries(endpoint.requestUrls ?? {});
  const run = (endpoint.requestUrls as { runSync?: string } | undefined)?.runSync;
  return (
    <div className="space-y-6">
      <section aria-labelledby="urls-heading">
        <h2 id="urls-heading" className="text-base font-semibold">
          Request URLs
        </h2>
        <dl className="mt-2 divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {urls.map(([name, url]) => (
            <div key={name} className="flex items-center gap-3 px-3 py-2 text-sm">
              <dt className="w-28 shrink-0 font-medium">{LABELS[name] ?? name}</dt>
              {/* The copy button sits inside the <dd>: a <dl> group holds only <dt> and <dd>. */}
              <dd className="flex min-w-0 flex-1 items-center gap-3">
                <span className="min-w-0 flex-1 truncate font-mono text-xs">{url}</span>
                <CopyButton value={url} label={`Copy ${LABELS[name] ?? name} URL`} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {run && (
        <CodeBlock
          label="cURL"
          language="bash"
          code={`curl -X POST ${run} \\\n  -H "Authorization: Bearer $RUNPOD_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"input":{"mock_return":"hello"}}'`}
        />
      )}
      <dl className="grid max-w-xl grid-cols-2 gap-2 text-sm">
        <dt className="text-neutral-600 dark:text-neutral-400">GPU pools</dt>
        <dd className="font-mono">
          {endpoint.gpu?.pools.join(", ") ?? "CPU"} × {endpoint.gpu?.count ?? 0}
        </dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Workers</dt>
        <dd>
          {endpoint.workers.min}–{endpoint.workers.max}
          {endpoint.workers.idleTimeout !== undefined && `, idle ${endpoint.workers.idleTimeout} s`}
        </dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Scaling</dt>
        <dd>
          {endpoint.scaling.type === "QUEUE_DELAY"
            ? `queue delay ${endpoint.scaling.queueDelay} s`
            : `${endpoint.scaling.requestCount} requests per worker`}
        </dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Image</dt>
        <dd className="font-mono text-xs">{endpoint.image ?? "—"}</dd>
      </dl>
    </div>
  );
}
