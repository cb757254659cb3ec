"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { CLUSTER_PODS_PARAM } from "./cluster-pods-param";

/**
 * "Show cluster pods": the platform leaves cluster members out of the pod list unless asked; the
 * choice lives in the URL so a reload or a shared link keeps it.
 */
export function ClusterPodsToggle({ checked }: { checked: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  // Ticks at once; the list follows when the navigation lands.
  const [shown, setShown] = useOptimistic(checked);
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="accent-violet-600"
        checked={shown}
        aria-busy={pending || undefined}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.target.checked) next.set(CLUSTER_PODS_PARAM, "show");
          else next.delete(CLUSTER_PODS_PARAM);
          const query = next.toString();
          const show = e.target.checked;
          startTransition(() => {
            setShown(show);
            router.replace(query ? `${pathname}?${query}` : pathname);
          });
        }}
      />
      Show cluster pods
    </label>
  );
}
