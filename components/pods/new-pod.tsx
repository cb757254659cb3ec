"use client";

import { AllLoaded, optionalQuery } from "@/components/forms/query-states";
import { useCreate } from "@/components/forms/use-create";
import { createPod } from "@/lib/actions/pods";
import { useDataCenters, useGpuTypes, useTemplateChoices } from "@/lib/queries/catalog";
import { podKeys } from "@/lib/queries/keys";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { useRegistries } from "@/lib/queries/registries";
import { DeployPodForm } from "./deploy-pod-form-on-demand";
import { toCreatePodInput } from "./pod-form-values";

/** `/pods/new`: loads the choices (GPU types, data centers, pod templates, volumes), then the form. */
export function NewPod() {
  const queries = {
    gpus: useGpuTypes("pod"),
    dataCenters: useDataCenters(),
    templates: useTemplateChoices(),
    volumes: useNetworkVolumes(),
    // Optional: without registry access the form still works, offering "none".
    registries: optionalQuery(useRegistries(), []),
  };
  const deploy = useCreate(createPod, {
    noun: "Pod",
    verb: "deployed",
    invalidate: [podKeys.all],
    then: (p) => `/pods/${p.id}`,
  });

  return (
    <AllLoaded queries={queries} what="the choices for a new pod">
      {({ gpus, dataCenters, templates, volumes, registries }) => (
        <DeployPodForm
          gpus={gpus}
          dataCenters={dataCenters}
          templates={[...templates.templates, ...templates.publicTemplates].filter(
            (t) => !t.serverless,
          )}
          registries={registries}
          volumes={volumes}
          onSubmit={(values) => deploy(toCreatePodInput(values))}
        />
      )}
    </AllLoaded>
  );
}
