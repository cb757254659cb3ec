/** The endpoint page's tabs, each a route of its own under `/serverless/<id>` (the overview is the page itself). */
export const ENDPOINT_TABS = [
  { id: "overview", label: "Overview" },
  { id: "metrics", label: "Metrics" },
  { id: "requests", label: "Requests" },
  { id: "workers", label: "Workers" },
  { id: "logs", label: "Logs" },
  { id: "releases", label: "Releases" },
  { id: "load-test", label: "Load test" },
  { id: "settings", label: "Settings" },
] as const;
export type EndpointTab = (typeof ENDPOINT_TABS)[number]["id"];

/** The tab a route segment below `/serverless/<id>` names; the overview for the page itself. */
export function endpointTab(raw: unknown): EndpointTab {
  return ENDPOINT_TABS.find((t) => t.id === raw)?.id ?? "overview";
}

/** A tab's address: `/serverless/<id>` for the overview, `/serverless/<id>/<tab>` for the others. */
export function endpointTabHref(id: string, tab: EndpointTab): string {
  const base = `/serverless/${encodeURIComponent(id)}`;
  return tab === "overview" ? base : `${base}/${tab}`;
}
