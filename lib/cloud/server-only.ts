/**
 * The `server-only` package is not installed, so lib/cloud and lib/auth guard themselves: if a
 * client component ever imports them, the bundle fails loudly in the browser instead of quietly
 * shipping configuration (and, worse, code paths that handle API keys).
 */
export function assertServer(module: string): void {
  if (typeof window !== "undefined") {
    throw new Error(`${module} is server-only and must not be imported from client components.`);
  }
}
