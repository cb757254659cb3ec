"use client";

import dynamic from "next/dynamic";
import { Loading, LoadError } from "@/components/forms/query-states";
import { LinkTabs } from "@/components/forms/tabs";
import { useEndpoint } from "@/lib/queries/endpoints";
import { EndpointHeader } from "./endpoint-header";
import { ENDPOINT_TABS, type EndpointTab } from "./endpoint-tabs";

// Every tab loads when it is opened (the overview too: the other tabs' pages leave it out): the
// requests form, the settings form (with react-hook-form and zod), the log viewer and the load-test
// panel stay off the endpoint's first load.
const EndpointOverview = dynamic(
  () => import("./endpoint-overview").then((m) => m.EndpointOverview),
  { loading: () => <Loading what="the overview" /> },
);
const EndpointRequests = dynamic(
  () => import("./endpoint-requests").then((m) => m.EndpointRequests),
  { loading: () => <Loading what="the requests" /> },
);
const EndpointWorkers = dynamic(() => import("./endpoint-workers").then((m) => m.EndpointWorkers), {
  loading: () => <Loading what="the workers" />,
});
const EndpointLogs = dynamic(
  () => import("@/components/logs/endpoint-logs").then((m) => m.EndpointLogs),
  { loading: () => <Loading what="the logs" /> },
);
const EndpointReleases = dynamic(
  () => import("./endpoint-releases").then((m) => m.EndpointReleases),
  { loading: () => <Loading what="the releases" /> },
);
const LoadTestPanel = dynamic(
  () => import("@/components/loadtest/load-test-panel").then((m) => m.LoadTestPanel),
  { loading: () => <Loading what="the load test panel" /> },
);
const EndpointSettings = dynamic(
  () => import("./endpoint-settings").then((m) => m.EndpointSettings),
  { loading: () => <Loading what="the settings" /> },
);

// A deleted or mistyped endpoint's page loads its not-found state when it needs it.
const EndpointNotFound = dynamic(() =>
  import("./endpoint-not-found").then((m) => m.EndpointNotFound),
);

// The metrics charts (and their chart library) load only when the Metrics tab is opened.
const MetricsPanel = dynamic(
  () => import("@/components/metrics/metrics-panel").then((m) => m.MetricsPanel),
  { ssr: false, loading: () => <Loading what="the metrics charts" /> },
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
      {tab === "metrics" && <MetricsPanel endpointId={id} />}
      {tab === "requests" && <EndpointRequests endpoint={endpoint} />}
      {tab === "workers" && <EndpointWorkers id={id} queue={endpoint.type !== "LOAD_BALANCER"} />}
      {tab === "logs" && <EndpointLogs id={id} />}
      {tab === "releases" && <EndpointReleases id={id} />}
      {tab === "load-test" && <LoadTestPanel endpoint={endpoint} />}
      {tab === "settings" && <EndpointSettings endpoint={endpoint} />}
    </>
  );
}
