/** Fixed values shared by playwright.config.ts (which starts the servers) and the tests. */
export const PLATFORM_URL = "http://127.0.0.1:8310";
export const CONSOLE_URL = "http://127.0.0.1:3310";
/** The local platform's bootstrap key for the e2e run; also the console's HANGAR_LOCAL_KEY. */
export const E2E_KEY = "rpa_E2ETESTKEY000000000000000000000000000000";

export const SHELL_PAGES = [
  { path: "/serverless", link: "Serverless", heading: "Serverless" },
  { path: "/pods", link: "Pods", heading: "Pods" },
  { path: "/storage", link: "Storage", heading: "Storage" },
  { path: "/templates", link: "Templates", heading: "Templates" },
  { path: "/playground", link: "Playground", heading: "Playground" },
  { path: "/keys", link: "API keys", heading: "API keys" },
  { path: "/billing", link: "Billing", heading: "Billing" },
] as const;
