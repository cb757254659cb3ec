import type { Metadata } from "next";
import { EndpointPlayground } from "@/components/playground/endpoint-playground";

export const metadata: Metadata = { title: "Endpoint playground" };

export default async function EndpointPlaygroundPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ run?: string | string[] }>;
}) {
  const [{ id }, { run }] = await Promise.all([params, searchParams]);
  const runId = Array.isArray(run) ? run[0] : run;
  return <EndpointPlayground key={runId ?? "new"} id={id} runId={runId} />;
}
