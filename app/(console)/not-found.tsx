import type { Metadata } from "next";
import { NotFoundState } from "@/components/shell/not-found-state";

export const metadata: Metadata = { title: "Page not found" };

/** An unknown URL (or a page's notFound()) inside the signed-in console: 404 with ways back. */
export default function ConsoleNotFound() {
  return (
    <NotFoundState
      title="Page not found"
      links={[
        { href: "/serverless", label: "Serverless endpoints" },
        { href: "/playground", label: "Playground" },
        { href: "/pods", label: "Pods" },
      ]}
    >
      <p>
        Nothing in the console lives at this address: the link may be old, or mistyped. Your
        resources are where they were; the navigation on the left leads to each kind.
      </p>
    </NotFoundState>
  );
}
