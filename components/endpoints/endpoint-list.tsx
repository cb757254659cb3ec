"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useEndpoints } from "@/lib/queries/endpoints";

/** Endpoints of the account; `empty` is the teaching empty state rendered on the server. */
export function EndpointList({ empty }: { empty: ReactNode }) {
  const query = useEndpoints();
  if (query.isPending) return <Loading what="endpoints" />;
  if (query.isError)
    return <LoadError what="endpoints" error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.length === 0) return <>{empty}</>;
  return (
    <Table>
      <caption className="sr-only">Serverless endpoints</caption>
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Type</Th>
          <Th>GPU pools</Th>
          <Th>Workers (min–max)</Th>
          <Th>Created</Th>
        </tr>
      </THead>
      <TBody>
        {query.data.map((e) => (
          <Tr key={e.id}>
            <Td>
              <Link
                href={`/serverless/${e.id}`}
                className="font-medium text-violet-700 hover:underline dark:text-violet-300"
              >
                {e.name}
              </Link>
              <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">{e.id}</div>
            </Td>
            <Td>
              <Badge tone={e.type === "LOAD_BALANCER" ? "info" : "accent"}>
                {e.type === "LOAD_BALANCER" ? "Load balancer" : "Queue"}
              </Badge>
            </Td>
            <Td className="font-mono text-xs">{e.gpu?.pools.join(", ") ?? "CPU"}</Td>
            <Td>
              {e.workers.min}–{e.workers.max}
            </Td>
            <Td>
              <TimeAgo iso={e.createdAt} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
