import type { Metadata } from "next";
import { EndpointPlayground } from "@/components/playground/endpoint-playground";
import { Prefetched } from "@/components/shell/prefetched";
import { reads } from "@/lib/cloud/reads";

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
  return (
    // The endpoint shows at once, and its input form is final HTML (its code loads on demand).
    <Prefetched reads={[reads.endpoint(id)]}>
      <EndpointPlayground key={runId ?? "new"} id={id} runId={runId} />
    </Prefetched>
  );
}
