"use client";

import Link from "next/link";
import { duration } from "@/components/forms/format";
import { ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { StatusDot } from "@/components/ui/badge";
import type { ListRequestsResponse } from "@/lib/schemas/jobs";
import { JOB } from "./job-status";
import { RequestActions } from "./request-actions";

type Request = ListRequestsResponse["requests"][number];

const columns = (endpointId: string): Column<Request>[] => [
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
      <StatusDot tone={JOB[job.status].tone} pulse={JOB[job.status].pulse} label={job.status} />
    ),
  },
  { header: "Created", cell: (job) => <TimeAgo iso={job.createdAt} /> },
  { header: "Delay", cell: (job) => duration(job.delayTime) },
  { header: "Execution", cell: (job) => duration(job.executionTime) },
];

/** The endpoint's recent requests, each linking to its job page, with cancel and retry. */
export function RequestTable({
  endpointId,
  requests,
}: {
  endpointId: string;
  requests: readonly Request[];
}) {
  return (
    <ResourceTable
      caption="Recent requests"
      columns={columns(endpointId)}
      rows={requests}
      actions={(job) => <RequestActions endpointId={endpointId} job={job} />}
    />
  );
}
