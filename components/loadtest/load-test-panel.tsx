"use client";

import { useState } from "react";
import { LoadError, Loading } from "@/components/forms/query-states";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyPart } from "@/components/ui/lazy-part";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { LoadTestForm } from "./load-test-form";
import { useLoadTests } from "./use-load-tests";
import { withEndpoint } from "@/components/endpoints/with-endpoint";

// The runs' list and the chosen run's view (its table, chart and stop) load with the first run
// there is to show: an endpoint without load tests opens with the form alone.
const LoadTestRuns = lazyPart(() => import("./load-test-view").then((m) => m.LoadTestRuns), {
  fallback: <Loading what="load tests" />,
});
const LoadTestDetail = lazyPart(() => import("./load-test-view").then((m) => m.LoadTestDetail));

/**
 * Endpoint page → Load test: the form, the endpoint's runs and the chosen run (newest by default).
 * Runs are driven by the console's server, so leaving the page stops nothing: come back to watch.
 */
export function LoadTestPanel({ endpoint }: { endpoint: Endpoint }) {
  const list = useLoadTests(endpoint.id);
  const [chosen, setChosen] = useState<string | undefined>();

  if (endpoint.type === "LOAD_BALANCER")
    return (
      <EmptyState title="Load tests need a queue endpoint">
        <p>A load test sends jobs to /run; load balancers have no job queue.</p>
      </EmptyState>
    );
  if (list.isPending) return <Loading what="load tests" />;
  if (list.isError)
    return <LoadError what="load tests" error={list.error} onRetry={() => list.refetch()} />;
  const { runs, platform } = list.data;
  const selected = chosen ?? runs[0]?.id;

  return (
    <div className="space-y-8">
      <section aria-labelledby="lt-new-heading" className="space-y-3">
        <h2 id="lt-new-heading" className="text-base font-semibold">
          New load test
        </h2>
        <p className="max-w-2xl text-sm text-neutral-700 dark:text-neutral-300">
          Sends N requests at R per second to this endpoint from the console&apos;s server and
          watches its queue, workers, latency and spend. It keeps running if you close this tab;
          stop it here at any time.
        </p>
        <LoadTestForm endpoint={endpoint} platform={platform} onStarted={setChosen} />
      </section>
      <section aria-labelledby="lt-runs-heading" className="space-y-3">
        <h2 id="lt-runs-heading" className="text-base font-semibold">
          Load tests of this endpoint
        </h2>
        {runs.length === 0 ? (
          <EmptyState title="No load test yet">
            <p>Start one above: 200 requests at 20 per second is a good first run.</p>
          </EmptyState>
        ) : (
          <>
            <LoadTestRuns runs={runs} selected={selected} onSelect={setChosen} />
            {selected && <LoadTestDetail key={selected} id={selected} />}
          </>
        )}
      </section>
    </div>
  );
}

/** The Load test tab as its route renders it (by id). */
export const LoadTestTab = withEndpoint(LoadTestPanel);
