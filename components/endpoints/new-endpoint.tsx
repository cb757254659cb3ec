"use client";

import { AllLoaded } from "@/components/forms/query-states";
import { useCreate } from "@/components/forms/use-create";
import { createEndpoint } from "@/lib/actions/endpoints";
import { useDataCenters, useGpuTypes, useTemplateChoices } from "@/lib/queries/catalog";
import { endpointQueryKeys } from "@/lib/queries/endpoints";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { EndpointForm } from "./endpoint-form-on-demand";
import { NEW_ENDPOINT_DEFAULTS, toCreateInput } from "./endpoint-form-values";
import { poolsFromCatalog } from "./gpu-pools";

/** `/serverless/new`: loads the choices (GPU pools, data centers, templates, volumes), then the form. */
export function NewEndpoint() {
  const queries = {
    gpus: useGpuTypes("serverless"),
    dataCenters: useDataCenters(),
    templates: useTemplateChoices(),
    volumes: useNetworkVolumes(),
  };
  const create = useCreate(createEndpoint, {
    noun: "Endpoint",
    verb: "created",
    invalidate: [endpointQueryKeys.all],
    then: (e) => `/serverless/${e.id}`,
  });

  return (
    <AllLoaded queries={queries} what="the choices for a new endpoint">
      {({ gpus, dataCenters, templates, volumes }) => (
        <EndpointForm
          mode="create"
          defaultValues={NEW_ENDPOINT_DEFAULTS}
          pools={poolsFromCatalog(gpus)}
          dataCenters={dataCenters}
          templates={[...templates.templates, ...templates.publicTemplates].filter(
            (t) => t.serverless || !t.public,
          )}
          volumes={volumes}
          submitLabel="Create endpoint"
          onSubmit={(values) => create(toCreateInput(values))}
        />
      )}
    </AllLoaded>
  );
}
