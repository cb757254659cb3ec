import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isHttps, newNonce, originsOf, securityHeaders } from "./headers";

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name!, values];
    }),
  );

describe("security headers", () => {
  const base = { nonce: "bm9uY2U=", https: false, mediaOrigins: ["http://127.0.0.1:8000"] };

  it("scripts need the nonce (strict-dynamic), never unsafe-inline or eval outside dev", () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(contentSecurityPolicy(base)).not.toMatch(/script-src[^;]*unsafe/);
    expect(directives(contentSecurityPolicy({ ...base, dev: true }))["script-src"]).toContain(
      "'unsafe-eval'",
    );
  });

  it("locks down frames, forms, base, objects and connections; media only from the platform", () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'self'"]);
    expect(d["form-action"]).toEqual(["'self'"]);
    expect(d["connect-src"]).toEqual(["'self'"]);
    expect(d["img-src"]).toEqual(["'self'", "data:", "blob:", "http://127.0.0.1:8000"]);
    expect(d["media-src"]).toEqual(d["img-src"]);
    expect(contentSecurityPolicy(base)).not.toContain("*");
    expect(d["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("HSTS and upgrade-insecure-requests only over https", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toBeUndefined();
    const https = securityHeaders({ ...base, https: true });
    expect(https["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(https["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(https).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    expect(https["Permissions-Policy"]).toContain("camera=()");
  });

  it.each([
    ["http://x/", null, false],
    ["https://x/", null, true],
    ["http://x/", "https", true],
    ["http://x/", "https, http", true],
    ["https://x/", "http", false],
  ])("isHttps(%s, %s) is %s", (url, proto, expected) => {
    expect(isHttps(url, proto)).toBe(expected);
  });

  it("origins of the configured URLs: scheme, host and port only, malformed ones skipped", () => {
    expect(
      originsOf([
        "http://127.0.0.1:8000",
        "https://api.runpod.ai/",
        "http://127.0.0.1:8000/x",
        undefined,
        "https://cdn.example, not a url, ftp://x",
      ]),
    ).toEqual(["http://127.0.0.1:8000", "https://api.runpod.ai", "https://cdn.example"]);
  });

  it("a fresh nonce each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});
