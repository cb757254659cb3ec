/** Fixed values shared by playwright.config.ts (which starts the servers) and the tests. */
// E2E_PLATFORM_PORT / E2E_CONSOLE_PORT let two runs share a machine (with NEXT_DIST_DIR apart).
export const PLATFORM_PORT = Number(process.env.E2E_PLATFORM_PORT ?? 8310);
export const CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? 3310);
export const PLATFORM_URL = `http://127.0.0.1:${PLATFORM_PORT}`;
export const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
/** The local platform's bootstrap key for the e2e run; also the console's HANGAR_LOCAL_KEY. */
export const E2E_KEY = "rpa_E2ETESTKEY000000000000000000000000000000";

export const SHELL_PAGES = [
  { path: "/serverless", link: "Serverless", heading: "Serverless" },
  { path: "/pods", link: "Pods", heading: "Pods" },
  { path: "/clusters", link: "Clusters", heading: "Clusters" },
  { path: "/storage", link: "Storage", heading: "Storage" },
  { path: "/templates", link: "Templates", heading: "Templates" },
  { path: "/playground", link: "Playground", heading: "Playground" },
  { path: "/keys", link: "API keys", heading: "API keys" },
  { path: "/account", link: "Account", heading: "Account" },
  { path: "/billing", link: "Billing", heading: "Billing" },
] as const;
