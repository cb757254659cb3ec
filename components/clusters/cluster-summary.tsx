import { PodStatus } from "@/components/pods/pod-status";
import type { Cluster } from "@/lib/schemas/clusters";
import type { PodStatus as Status } from "@/lib/schemas/pods";

/** "2 × 8 × H100": nodes × GPUs per node × GPU type. */
export function clusterCompute(cluster: Cluster): string {
  const { podCount, gpuCountPerPod, gpuTypeId } = cluster.compute;
  return `${podCount} nodes × ${gpuCountPerPod} × ${gpuTypeId}`;
}

/** Member pods counted by status, each as dot + word ("2 RUNNING"). */
export function ClusterPodsSummary({ cluster }: { cluster: Cluster }) {
  const entries = Object.entries(cluster.pods.byStatus) as [Status, number][];
  if (entries.length === 0) return <span className="text-sm">no pods</span>;
  return (
    <ul className="space-y-0.5">
      {entries.map(([status, count]) => (
        <li key={status} className="flex items-center gap-1 text-sm">
          <span>{count}</span>
          <PodStatus status={status} />
        </li>
      ))}
    </ul>
  );
}
