import { Loading } from "@/components/forms/query-states";

/**
 * A console section's `loading.tsx`: shown while the page's server part renders. A server
 * component, so prefetching a section's link fetches no script for it. (Per section, not one for
 * the whole console: a boundary above `[...missing]` would send its 404 with a 200 status.)
 */
export function RouteLoading() {
  return <Loading what="the page" />;
}
