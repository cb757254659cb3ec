"use client";

import { Loading, LoadError } from "@/components/forms/query-states";
import { LinkTabs } from "@/components/forms/tabs";
import { CopyButton } from "@/components/ui/copy-button";
import { useEndpoint } from "@/lib/queries/endpoints";
import { EndpointOverview } from "./endpoint-overview";
import { EndpointReleases } from "./endpoint-releases";
import { EndpointRequests } from "./endpoint-requests";
import { EndpointSettings } from "./endpoint-settings";
import { ENDPOINT_TABS, type EndpointTab } from "./endpoint-tabs";
import { EndpointWorkers } from "./endpoint-workers";

export function EndpointDetail({ id, tab }: { id: string; tab: EndpointTab }) {
  const query = useEndpoint(id);
  if (query.isPending) return <Loading what="the endpoint" />;
  if (query.isError)
    return (
      <LoadError what={`endpoint ${id}`} error={query.error} onRetry={() => query.refetch()} />
    );
  const endpoint = query.data;
  return (
    <>
      <header className="mb-4">
        <h1 className="text-2xl font-semibold tracking-tight">{endpoint.name}</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <span className="font-mono">{endpoint.id}</span>
          <CopyButton value={endpoint.id} label="Copy id" />
        </p>
      </header>
      <LinkTabs
        label="Endpoint sections"
        tabs={ENDPOINT_TABS}
        current={tab}
        hrefFor={(t) => `/serverless/${id}?tab=${t}`}
      />
      {tab === "overview" && <EndpointOverview endpoint={endpoint} />}
      {tab === "requests" && <EndpointRequests endpoint={endpoint} />}
      {tab === "workers" && <EndpointWorkers id={id} />}
      {tab === "releases" && <EndpointReleases id={id} />}
      {tab === "settings" && <EndpointSettings endpoint={endpoint} />}
    </>
  );
}
