"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { useClusters } from "@/lib/queries/clusters";

/** Marks a cluster member pod: "cluster <name>", linking to the cluster. */
export function ClusterBadge({ clusterId }: { clusterId: string }) {
  const clusters = useClusters();
  const name = clusters.data?.find((c) => c.id === clusterId)?.name ?? clusterId;
  return (
    <Link href={`/clusters/${clusterId}`} className="mt-1 inline-block">
      <Badge tone="accent">cluster {name}</Badge>
    </Link>
  );
}
