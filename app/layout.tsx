import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { THEME_SCRIPT } from "@/components/shell/theme";
import { ToastProvider } from "@/components/ui/toast";
import { QueryProvider } from "@/lib/queries/query-provider";
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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets `class="dark"` before hydration; React must not complain about it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <QueryProvider>
          <ToastProvider>{children}</ToastProvider>
        </QueryProvider>
      </body>
    </html>
  );
}
