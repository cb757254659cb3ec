/** The console's sections, in navigation order. Each is a route under app/(console). */
export const NAV_ITEMS = [
  { href: "/serverless", label: "Serverless" },
  { href: "/pods", label: "Pods" },
  { href: "/clusters", label: "Clusters" },
  { href: "/storage", label: "Storage" },
  { href: "/templates", label: "Templates" },
  { href: "/playground", label: "Playground" },
  { href: "/keys", label: "API keys" },
  { href: "/account", label: "Account" },
  { href: "/billing", label: "Billing" },
] as const;

/** Developer tools: shown (and reachable) only when the console talks to the local platform. */
export const DEVTOOLS_NAV_ITEMS = [
  { href: "/dev/faults", label: "Faults" },
  { href: "/dev/inbox", label: "Webhook inbox" },
  { href: "/dev/requests", label: "Requests" },
  { href: "/dev/state", label: "State" },
] as const;
