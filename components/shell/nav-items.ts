/** The console's sections, in navigation order. Each is a route under app/(console). */
export const NAV_ITEMS = [
  { href: "/serverless", label: "Serverless" },
  { href: "/pods", label: "Pods" },
  { href: "/storage", label: "Storage" },
  { href: "/templates", label: "Templates" },
  { href: "/playground", label: "Playground" },
  { href: "/keys", label: "API keys" },
  { href: "/billing", label: "Billing" },
] as const;
