"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { usePods } from "@/lib/queries/pods";
import { PodActions } from "./pod-actions";
import { podCompute } from "./pod-gpu";
import { PodStatus } from "./pod-status";

/** Pods of the account; `empty` is the teaching empty state rendered on the server. */
export function PodList({ empty }: { empty: ReactNode }) {
  const query = usePods();
  const [refused, setRefused] = useState<string | null>(null);
  if (query.isPending) return <Loading what="pods" />;
  if (query.isError)
    return <LoadError what="pods" error={query.error} onRetry={() => query.refetch()} />;
  const pods = query.data.filter((p) => p.status !== "TERMINATED");
  if (pods.length === 0) return <>{empty}</>;
  return (
    <div className="space-y-4">
      {refused && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {refused}
        </p>
      )}
      <Table>
        <caption className="sr-only">Pods</caption>
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Status</Th>
            <Th>GPU</Th>
            <Th>Cost</Th>
            <Th>Uptime</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {pods.map((p) => (
            <Tr key={p.id}>
              <Td>
                <Link
                  href={`/pods/${p.id}`}
                  className="font-medium text-violet-700 hover:underline dark:text-violet-300"
                >
                  {p.name}
                </Link>
                <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
                  {p.id}
                </div>
              </Td>
              <Td>
                <PodStatus status={p.status} />
                {p.locked && (
                  <div className="text-xs text-neutral-600 dark:text-neutral-400">Locked</div>
                )}
              </Td>
              <Td className="text-xs">{podCompute(p)}</Td>
              <Td>{usd(p.cost)}/h</Td>
              <Td>
                {p.status === "RUNNING" && p.startedAt ? (
                  <>
                    started <TimeAgo iso={p.startedAt} />
                  </>
                ) : (
                  <span className="text-neutral-600 dark:text-neutral-400">not running</span>
                )}
              </Td>
              <Td>
                <PodActions pod={p} onRefused={setRefused} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
