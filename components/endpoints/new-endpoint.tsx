"use client";

import { useRouter } from "next/navigation";
import { Loading, LoadError } from "@/components/forms/query-states";
import { useToast } from "@/components/ui/toast";
import { createEndpoint } from "@/lib/actions/endpoints";
import { useGpuTypes, useTemplateChoices } from "@/lib/queries/catalog";
import { endpointQueryKeys } from "@/lib/queries/endpoints";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { useAction } from "@/lib/queries/use-action";
import { EndpointForm } from "./endpoint-form";
import { NEW_ENDPOINT_DEFAULTS, toCreateInput } from "./endpoint-form-schema";
import { poolsFromCatalog } from "./gpu-pools";

/** `/serverless/new`: loads the choices (GPU pools, templates, volumes), then the form. */
export function NewEndpoint() {
  const router = useRouter();
  const toast = useToast();
  const gpus = useGpuTypes();
  const templates = useTemplateChoices();
  const volumes = useNetworkVolumes();
  const create = useAction(createEndpoint, [endpointQueryKeys.all]);

  const failed = [gpus, templates, volumes].find((q) => q.isError);
  if (failed?.error)
    return (
      <LoadError
        what="the choices for a new endpoint"
        error={failed.error}
        onRetry={() => failed.refetch()}
      />
    );
  if (!gpus.data || !templates.data || !volumes.data)
    return <Loading what="GPU pools and templates" />;

  const choices = [...templates.data.templates, ...templates.data.publicTemplates].filter(
    (t) => t.serverless || !t.public,
  );
  return (
    <EndpointForm
      mode="create"
      defaultValues={NEW_ENDPOINT_DEFAULTS}
      pools={poolsFromCatalog(gpus.data)}
      templates={choices}
      volumes={volumes.data}
      submitLabel="Create endpoint"
      onSubmit={async (values) => {
        const result = await create.mutateAsync(toCreateInput(values));
        if (!result.ok) {
          toast({
            tone: "error",
            title: "Endpoint not created",
            description: result.problem.detail,
          });
          return result.problem;
        }
        toast({ tone: "success", title: `Endpoint ${result.data.name} created` });
        router.push(`/serverless/${result.data.id}`);
        return null;
      }}
    />
  );
}
