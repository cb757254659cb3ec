"use client";

import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { withEndpoint } from "./with-endpoint";

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

// Loaded when it scrolls into view (it sits below the request URLs): the code view and its query
// hooks stay out of the endpoint page's first load.
const QuickStartCode = dynamic(() => import("./quick-start-code").then((m) => m.QuickStartCode), {
  ssr: false,
  loading: () => <QuickStartPlaceholder />,
});

function QuickStartPlaceholder() {
  return (
    <div
      role="status"
      className="h-48 rounded-lg bg-neutral-100 motion-safe:animate-pulse dark:bg-neutral-800"
    >
      <span className="sr-only">Loading the quick start…</span>
    </div>
  );
}

/** The quick start once any of it is on screen; until then a placeholder region of its name. */
function QuickStart(props: { endpointId: string; input: Record<string, unknown> }) {
  const placeholder = useRef<HTMLElement>(null);
  const headingId = useId();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = placeholder.current;
    if (shown || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return <QuickStartCode {...props} />;
  return (
    <section ref={placeholder} aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold">
        Quick start
      </h2>
      {/* Not loading yet: nothing to announce until it is on screen. */}
      <div className="h-48 rounded-lg bg-neutral-100 dark:bg-neutral-800" />
    </section>
  );
}

/** The mock worker answers `mock_return`; any other image gets a prompt to adapt. */
const exampleInput = (image: string | null | undefined): Record<string, unknown> =>
  image?.includes("mock-worker") ? { mock_return: "hello" } : { prompt: "Hello" };

/** Request URLs with copy buttons and a first request in every language of the code drawer. */
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
      {run && <QuickStart endpointId={endpoint.id} input={exampleInput(endpoint.image)} />}
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

/** The Overview tab as its route renders it (by id). */
export const EndpointOverviewTab = withEndpoint(EndpointOverview);
