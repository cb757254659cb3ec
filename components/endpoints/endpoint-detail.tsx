"use client";

import dynamic from "next/dynamic";
import { Loading, LoadError } from "@/components/forms/query-states";
import { LinkTabs } from "@/components/forms/tabs";
import { EndpointLogs } from "@/components/logs/endpoint-logs";
import { useEndpoint } from "@/lib/queries/endpoints";
import { EndpointHeader } from "./endpoint-header";
import { EndpointNotFound } from "./endpoint-not-found";
import { EndpointOverview } from "./endpoint-overview";
import { EndpointReleases } from "./endpoint-releases";
import { EndpointRequests } from "./endpoint-requests";
import { EndpointSettings } from "./endpoint-settings";
import { ENDPOINT_TABS, type EndpointTab } from "./endpoint-tabs";
import { EndpointWorkers } from "./endpoint-workers";

// The load-test panel (form, live numbers, summary) loads only when its tab is opened.
const LoadTestPanel = dynamic(
  () => import("@/components/loadtest/load-test-panel").then((m) => m.LoadTestPanel),
  { loading: () => <Loading what="the load test panel" /> },
);

export function EndpointDetail({ id, tab }: { id: string; tab: EndpointTab }) {
  const query = useEndpoint(id);
  if (query.isPending) return <Loading what="the endpoint" />;
  if (query.isError && query.error.status === 404) return <EndpointNotFound id={id} />;
  if (query.isError)
    return (
      <LoadError what={`endpoint ${id}`} error={query.error} onRetry={() => query.refetch()} />
    );
  const endpoint = query.data;
  return (
    <>
      <EndpointHeader endpoint={endpoint} />
      <LinkTabs
        label="Endpoint sections"
        tabs={ENDPOINT_TABS}
        current={tab}
        hrefFor={(t) => `/serverless/${id}?tab=${t}`}
      />
      {tab === "overview" && <EndpointOverview endpoint={endpoint} />}
      {tab === "requests" && <EndpointRequests endpoint={endpoint} />}
      {tab === "workers" && <EndpointWorkers id={id} queue={endpoint.type !== "LOAD_BALANCER"} />}
      {tab === "logs" && <EndpointLogs id={id} />}
      {tab === "releases" && <EndpointReleases id={id} />}
      {tab === "load-test" && <LoadTestPanel endpoint={endpoint} />}
      {tab === "settings" && <EndpointSettings endpoint={endpoint} />}
    </>
  );
}
