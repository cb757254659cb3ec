import type { Metadata } from "next";
import { EndpointDetail } from "@/components/endpoints/endpoint-detail";
import { endpointTab } from "@/components/endpoints/endpoint-tabs";

export const metadata: Metadata = { title: "Endpoint" };

export default async function EndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const [{ id }, { tab }] = await Promise.all([params, searchParams]);
  return <EndpointDetail id={id} tab={endpointTab(tab)} />;
}
