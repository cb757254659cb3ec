/**
 * The console's security headers, built per request by `proxy.ts`. Pure: no Next.js imports, so a
 * unit test can read the exact policy.
 *
 * - Scripts: only those carrying this request's nonce, and what they load (`'strict-dynamic'`).
 *   Next.js reads the nonce from the request's `Content-Security-Policy` header and puts it on
 *   its own scripts; the root layout puts it on the theme script. No `'unsafe-inline'`.
 * - Styles: the stylesheet files and nonce'd `<style>` elements; inline `style="…"` attributes
 *   are allowed (`style-src-attr 'unsafe-inline'`) because the highlighted request code (shiki)
 *   colours each token with one. An attribute cannot run code or load anything.
 * - Images and media: the console itself, `data:`/`blob:`, and the platform origins the browser
 *   loads generated files from (hosted models' `image_url`/`audio_url`/`video_url` point at the
 *   job API's origin). Nothing else: the browser talks to the console only (`connect-src 'self'`).
 */

export interface SecurityHeaderOptions {
  nonce: string;
  /** The request reached the console over https (directly or through a proxy). */
  https: boolean;
  /** Origins the playground's generated files come from, e.g. `http://127.0.0.1:8000`. */
  mediaOrigins: readonly string[];
  /** `next dev`: React needs `eval` for its debugging aids and the dev server a websocket. */
  dev?: boolean;
}

/** Browser features the console never uses: off for the page and anything it might embed. */
const PERMISSIONS_OFF = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

export const PERMISSIONS_POLICY = PERMISSIONS_OFF.map((feature) => `${feature}=()`).join(", ");

/** One year, with subdomains: sent only over https (browsers ignore it over http anyway). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** A nonce for one response: 128 random bits, base64 (what CSP expects). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * `scheme://host[:port]` of each configured URL that parses as http(s), without duplicates; a
 * malformed value is skipped rather than widening the policy.
 */
export function originsOf(urls: readonly (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const raw of urls) {
    for (const part of (raw ?? "").split(",")) {
      const value = part.trim();
      if (!value) continue;
      try {
        const url = new URL(value);
        if (url.protocol === "http:" || url.protocol === "https:") out.add(url.origin);
      } catch {
        // not a URL: ignored
      }
    }
  }
  return [...out];
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const { nonce, dev = false } = options;
  const media = ["'self'", "data:", "blob:", ...options.mediaOrigins].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Every header the console sends with each response, by name. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** Whether the request came over https: its own URL, or the proxy's `X-Forwarded-Proto`. */
export function isHttps(url: string, forwardedProto: string | null): boolean {
  const first = forwardedProto?.split(",")[0]?.trim().toLowerCase();
  if (first) return first === "https";
  return url.startsWith("https:");
}

/**
 * Runs before any bundle (an inline, nonce'd script in <head>): zod 4 probes `new Function("")`
 * the first time it builds an object schema, to decide whether it may compile fast parsers. The
 * policy forbids eval, so the probe fails anyway, but the browser reports each attempt as a CSP
 * violation. `jitless` skips the probe; parsing is the same, only without generated code.
 */
export const ZOD_JITLESS_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
