"use client";

import { useRouter } from "next/navigation";
import { Loading, LoadError } from "@/components/forms/query-states";
import { useToast } from "@/components/ui/toast";
import { createPod } from "@/lib/actions/pods";
import { useGpuTypes, useTemplateChoices } from "@/lib/queries/catalog";
import { podKeys } from "@/lib/queries/keys";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { useAction } from "@/lib/queries/use-action";
import { DeployPodForm } from "./deploy-pod-form";
import { toCreatePodInput } from "./pod-form-schema";

/** `/pods/new`: loads the choices (GPU types, pod templates, volumes), then the form. */
export function NewPod() {
  const router = useRouter();
  const toast = useToast();
  const gpus = useGpuTypes();
  const templates = useTemplateChoices();
  const volumes = useNetworkVolumes();
  const create = useAction(createPod, [podKeys.all]);

  const failed = [gpus, templates, volumes].find((q) => q.isError);
  if (failed?.error)
    return (
      <LoadError
        what="the choices for a new pod"
        error={failed.error}
        onRetry={() => failed.refetch()}
      />
    );
  if (!gpus.data || !templates.data || !volumes.data)
    return <Loading what="GPU types and templates" />;

  const podTemplates = [...templates.data.templates, ...templates.data.publicTemplates].filter(
    (t) => !t.serverless,
  );
  return (
    <DeployPodForm
      gpus={gpus.data}
      templates={podTemplates}
      volumes={volumes.data}
      onSubmit={async (values) => {
        const result = await create.mutateAsync(toCreatePodInput(values));
        if (!result.ok) {
          toast({ tone: "error", title: "Pod not deployed", description: result.problem.detail });
          return result.problem;
        }
        toast({ tone: "success", title: `Pod ${result.data.name} deployed` });
        router.push(`/pods/${result.data.id}`);
        return null;
      }}
    />
  );
}
