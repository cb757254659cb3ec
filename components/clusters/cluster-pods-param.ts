/** The query parameter that shows cluster member pods on the pods page (a deep link). */
export const CLUSTER_PODS_PARAM = "clusters";

/** `?clusters=show` → true: the pods page includes cluster member pods. */
export function showsClusterPods(value: string | string[] | undefined): boolean {
  return value === "show";
}
