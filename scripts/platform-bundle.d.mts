/** See platform-bundle.mjs. */
export function newestMtime(p: string): number;
export function bundlePlatform(entry?: string): Promise<string>;
