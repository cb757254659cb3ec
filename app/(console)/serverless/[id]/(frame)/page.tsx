import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EndpointOverviewTab } from "@/components/endpoints/endpoint-overview";
import { endpointTab, endpointTabHref } from "@/components/endpoints/endpoint-tabs";

export const metadata: Metadata = { title: "Endpoint" };

/**
 * The endpoint's Overview. The tabs were `?tab=<tab>` before each became a route: such a link
 * (a bookmark, a shared URL) goes to the tab's route with the rest of its query.
 */
export default async function EndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, { tab, ...rest }] = await Promise.all([params, searchParams]);
  const moved = endpointTab(tab);
  if (moved !== "overview") {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest))
      for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) query.append(k, one);
    const q = query.toString();
    redirect(`${endpointTabHref(id, moved)}${q ? `?${q}` : ""}`);
  }
  return <EndpointOverviewTab id={id} />;
}
