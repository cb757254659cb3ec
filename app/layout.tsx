import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { THEME_SCRIPT } from "@/components/shell/theme";
import { ToastProvider } from "@/components/ui/toast";
import { QueryProvider } from "@/lib/queries/query-provider";
import { ZOD_JITLESS_SCRIPT } from "@/lib/security/headers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Hangar", template: "%s · Hangar" },
  description: "Console and model playground for serverless GPU endpoints, pods and volumes.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0a0a0a" },
  ],
};

/**
 * Reads the request's CSP nonce (set by proxy.ts), which also renders every page per request:
 * a prerendered page would carry no nonce and its scripts would be refused.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // The theme script sets `class="dark"` before hydration; React must not complain about it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <QueryProvider>
          <ToastProvider>{children}</ToastProvider>
        </QueryProvider>
      </body>
    </html>
  );
}
