/** The endpoint page's tabs (shared by the server page, which reads `?tab=`, and the client view). */
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

export function endpointTab(raw: unknown): EndpointTab {
  return ENDPOINT_TABS.find((t) => t.id === raw)?.id ?? "overview";
}
