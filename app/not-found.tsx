import type { Metadata } from "next";
import { NotFoundState } from "@/components/shell/not-found-state";

export const metadata: Metadata = { title: "Page not found" };

/** A 404 outside the signed-in console (the console's own URLs get `(console)/not-found.tsx`). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-16">
      <NotFoundState
        title="Page not found"
        links={[
          { href: "/serverless", label: "Go to the console" },
          { href: "/sign-in", label: "Sign in" },
        ]}
      >
        <p>Hangar has no page at this address: the link may be old, or mistyped.</p>
      </NotFoundState>
    </main>
  );
}
