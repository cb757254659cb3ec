"use client";

import Link from "next/link";
import { duration } from "@/components/forms/format";
import { ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { StatusDot } from "@/components/ui/badge";
import { jobCostEstimate, usdEstimate } from "@/lib/pricing/serverless-cost";
import type { Endpoint } from "@/lib/schemas/endpoints";
import type { RequestView } from "@/lib/schemas/requests-view";
import { usePoolPrices, useWorkerPrice } from "./endpoint-prices";
import type { WorkerPrice } from "./worker-price";
import { JOB } from "./job-status";
import { RequestActions } from "./request-actions";

type Request = RequestView;

const COST_NOTE_ID = "request-cost-note";

/** A request's estimated cost, or undefined when it has not run to an end (or the price is unknown). */
function costOf(job: Request, price: WorkerPrice | null): number | undefined {
  return jobCostEstimate(job, price?.perSecond);
}

const columns = (endpointId: string, price: WorkerPrice | null): Column<Request>[] => [
  {
    header: "Request",
    className: "font-mono text-xs",
    cell: (job) => (
      <Link
        href={`/serverless/${encodeURIComponent(endpointId)}/jobs/${encodeURIComponent(job.id)}`}
        className="text-violet-700 underline dark:text-violet-300"
      >
        {job.id}
      </Link>
    ),
  },
  {
    header: "Status",
    cell: (job) => (
      <div className="min-w-0 space-y-0.5">
        <StatusDot tone={JOB[job.status].tone} pulse={JOB[job.status].pulse} label={job.status} />
        {job.errorLine !== undefined && (
          <p className="max-w-xs truncate text-xs text-red-800 dark:text-red-300">
            <Link
              href={`/serverless/${encodeURIComponent(endpointId)}/jobs/${encodeURIComponent(job.id)}`}
              title={job.errorLine}
              className="underline"
            >
              {job.errorLine}
            </Link>
          </p>
        )}
      </div>
    ),
  },
  { header: "Created", cell: (job) => <TimeAgo iso={job.createdAt} /> },
  { header: "Delay", cell: (job) => duration(job.delayTime) },
  { header: "Execution", cell: (job) => duration(job.executionTime) },
  {
    label: "Est. cost*",
    header: (
      <span aria-describedby={COST_NOTE_ID} title="Execution time × price per worker-second">
        Est. cost*
      </span>
    ),
    className: "font-mono text-xs",
    cell: (job) => {
      const cost = costOf(job, price);
      return cost === undefined || !price ? (
        "—"
      ) : (
        <span title={`${duration(job.executionTime)} × ${usdEstimate(price.perSecond)}/s`}>
          ≈ {usdEstimate(cost)}
        </span>
      );
    },
  },
];

/**
 * The endpoint's recent requests, each linking to its job page, with cancel and retry, and what
 * each finished one cost (estimated from its execution time) with a total for those listed.
 */
export function RequestTable({
  endpointId,
  gpu,
  requests,
}: {
  endpointId: string;
  /** The endpoint's GPU choice, for the price per worker-second. */
  gpu?: Endpoint["gpu"];
  requests: readonly Request[];
}) {
  const catalogue = usePoolPrices();
  const price = useWorkerPrice(gpu);
  const costs = requests.map((job) => costOf(job, price)).filter((c) => c !== undefined);
  const total = costs.reduce((sum, c) => sum + c, 0);
  return (
    <div className="space-y-2">
      <ResourceTable
        caption="Recent requests"
        columns={columns(endpointId, price)}
        rows={requests}
        actions={(job) => <RequestActions endpointId={endpointId} job={job} />}
      />
      <p id={COST_NOTE_ID} className="text-sm text-neutral-600 dark:text-neutral-400">
        {price ? (
          <>
            <span className="font-medium text-neutral-900 dark:text-neutral-100">
              Estimated total for the {costs.length} finished request(s) listed: ≈{" "}
              {usdEstimate(total)}
            </span>
            . * Each is its execution time × {usdEstimate(price.perSecond)}/s ({price.gpuCount}{" "}
            GPU(s) on {price.pool}, the first-choice pool; a fallback pool may cost more). Workers
            are billed per second while they run, not per request: idle time and cold starts are not
            in these numbers.
          </>
        ) : catalogue === null ? (
          "* Cost estimates unavailable: the GPU catalogue could not be read."
        ) : (
          "* No cost estimate: this endpoint has no GPU pool with a known price."
        )}
      </p>
    </div>
  );
}
