import { NextResponse, type NextRequest } from "next/server";
import { getPlatformConfig } from "@/lib/cloud/config";
import { isHttps, newNonce, originsOf, securityHeaders } from "@/lib/security/headers";

/**
 * Security headers on every console response (pages, route handlers, server actions, static
 * files), with a fresh script nonce per request. Next.js finds the nonce in the request's
 * Content-Security-Policy header and puts it on its own scripts; `x-nonce` hands it to the root
 * layout for the theme script.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const config = getPlatformConfig();
  const headers = securityHeaders({
    nonce,
    https: isHttps(request.url, request.headers.get("x-forwarded-proto")),
    // Generated images, audio and video load straight from the platform's output links.
    mediaOrigins: originsOf([config.jobUrl, config.apiUrl, process.env.HANGAR_MEDIA_ORIGINS]),
    dev: process.env.NODE_ENV === "development",
  });
  const csp = headers["Content-Security-Policy"]!;

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
