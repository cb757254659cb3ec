"use client";

import type { ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { ListStates } from "@/components/forms/query-states";
import { NameCell, ResourceTable, type Column } from "@/components/forms/resource-table";
import { TimeAgo } from "@/components/forms/time-ago";
import { Badge, StatusDot } from "@/components/ui/badge";
import { useGpuTypes } from "@/lib/queries/catalog";
import { useEndpoints, useEndpointsHealth } from "@/lib/queries/endpoints";
import type { Endpoint } from "@/lib/schemas/endpoints";
import type { EndpointLive } from "@/lib/schemas/jobs";
import { liveCost, liveStatus } from "./endpoint-live";
import { poolsFromCatalog, workerPrice, type GpuPool } from "./gpu-pools";

type Row = Endpoint & { health: EndpointLive | null | undefined };

const columns = (pools: readonly GpuPool[]): Column<Row>[] => [
  {
    header: "Name",
    cell: (e) => <NameCell name={e.name} id={e.id} href={`/serverless/${e.id}`} />,
  },
  {
    header: "Status",
    cell: (e) => {
      if (!e.health) return e.health === null ? "unknown" : "…";
      const s = liveStatus(e.health);
      return <StatusDot tone={s.tone} label={s.word} pulse={s.pulse} />;
    },
  },
  {
    header: "Type",
    cell: (e) => (
      <Badge tone={e.type === "LOAD_BALANCER" ? "info" : "accent"}>
        {e.type === "LOAD_BALANCER" ? "Load balancer" : "Queue"}
      </Badge>
    ),
  },
  {
    header: "Workers",
    cell: (e) => (
      <>
        {e.health ? `${e.health.workers.running} running, ${e.health.workers.idle} idle` : "…"}
        <div className="text-xs text-neutral-600 dark:text-neutral-400">
          min–max {e.workers.min}–{e.workers.max}
        </div>
      </>
    ),
  },
  {
    header: "Queue",
    cell: (e) =>
      e.type === "LOAD_BALANCER" ? (
        <span title="Load balancers have no job queue">no queue</span>
      ) : e.health?.jobs ? (
        `${e.health.jobs.inQueue} queued, ${e.health.jobs.inProgress} running`
      ) : (
        "…"
      ),
  },
  {
    header: "Cost now",
    cell: (e) => {
      const cost = e.health ? liveCost(workerPrice(pools, e.gpu), e.health) : null;
      return cost ? `≈ ${usd(cost.perSecond)}/s` : "—";
    },
    className: "font-mono",
  },
  { header: "Created", cell: (e) => <TimeAgo iso={e.createdAt} /> },
];

/** Endpoints of the account with their live numbers; `empty` is the teaching empty state. */
export function EndpointList({ empty }: { empty: ReactNode }) {
  const query = useEndpoints();
  const health = useEndpointsHealth();
  const gpus = useGpuTypes();
  const pools = gpus.data ? poolsFromCatalog(gpus.data) : [];
  return (
    <ListStates query={query} what="endpoints" empty={empty}>
      {(endpoints) => (
        <ResourceTable
          caption="Serverless endpoints"
          columns={columns(pools)}
          rows={endpoints.map((e) => ({
            ...e,
            health: health.data ? (health.data[e.id] ?? null) : undefined,
          }))}
        />
      )}
    </ListStates>
  );
}
