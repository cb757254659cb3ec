/** See platform-bundle.mjs. */
export function bundlePlatform(entry?: string): Promise<string>;
