import { listServedRequests } from "@/lib/cloud/devtools";
import { ListRequestsQuery } from "@/lib/schemas/devtools";
import { localReadRoute } from "../_local-route";

/** Filters pass through (validated here first, so a bad one is a 422 from the console too). */
export const GET = localReadRoute((cloud, _params, url) => {
  const query = ListRequestsQuery.partial().parse(Object.fromEntries(url.searchParams));
  return listServedRequests(cloud, query);
});
