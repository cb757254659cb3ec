"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { endpointTabHref } from "@/components/endpoints/endpoint-tabs";
import { Select } from "@/components/ui/select";
import { useEndpointWorkers } from "@/lib/queries/endpoints";
import { LazyLogViewer } from "./lazy-log-viewer";

/** Lines each stream backfills when it opens: per worker on the endpoint-wide view. */
const WORKER_TAIL = 1000;
const MERGED_TAIL = 200;

/**
 * The endpoint's Logs tab: every worker's lines interleaved (`/serverless/<id>/logs`), or one worker's
 * (`…/logs?worker=<id>`, where the Workers tab links).
 */
export function EndpointLogs({ id }: { id: string }) {
  const router = useRouter();
  const worker = useSearchParams().get("worker") ?? "";
  const workers = useEndpointWorkers(id).data?.workers;
  const ids = workers?.map((w) => w.id) ?? [];
  if (worker && !ids.includes(worker)) ids.unshift(worker);
  const base = `/api/serverless/${encodeURIComponent(id)}`;

  return (
    <section aria-labelledby="logs-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="logs-heading" className="text-base font-semibold">
            {worker ? `Logs of worker ${worker}` : "Logs of every worker"}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-neutral-700 dark:text-neutral-300">
            System lines tell what the platform did (cold start, jobs taken and done, stops);
            container lines are what the worker printed.
            {workers && workers.length === 0 && !worker
              ? " No worker is running now: lines appear here as soon as one starts."
              : ""}
          </p>
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-xs font-medium text-neutral-700 dark:text-neutral-300">Worker</span>
          <Select
            value={worker}
            className="h-8 w-64"
            onChange={(e) => {
              const next = e.target.value;
              router.replace(
                `${endpointTabHref(id, "logs")}${next ? `?worker=${encodeURIComponent(next)}` : ""}`,
                { scroll: false },
              );
            }}
            options={[
              { value: "", label: "All workers (interleaved)" },
              ...ids.map((w) => ({ value: w, label: w })),
            ]}
          />
        </label>
      </div>
      {worker ? (
        <LazyLogViewer
          key={worker}
          url={`${base}/workers/${encodeURIComponent(worker)}/logs?tail=${WORKER_TAIL}`}
          label={`Logs of worker ${worker}`}
          empty="This worker has written no line yet. Its cold start, each job it takes and what its container prints appear here as they happen."
          fileName={`worker-${worker}.log`}
        />
      ) : (
        <LazyLogViewer
          key="all"
          merged
          url={`${base}/logs?tail=${MERGED_TAIL}`}
          label="Logs of every worker of this endpoint"
          empty="No worker has written a line yet. When a request starts a worker (or min workers keeps one), its cold start, the jobs it takes and what its container prints appear here, each line labelled with its worker."
          fileName={`endpoint-${id}.log`}
        />
      )}
    </section>
  );
}
