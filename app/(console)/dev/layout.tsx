import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getPlatformEnvironment } from "@/lib/cloud/environment";

/** Developer tools exist only on the local platform: against any other, every page is a 404. */
export default async function DevtoolsLayout({ children }: { children: ReactNode }) {
  if ((await getPlatformEnvironment()).kind !== "local") notFound();
  return children;
}
