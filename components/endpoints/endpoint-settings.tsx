"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AllLoaded } from "@/components/forms/query-states";
import { Button } from "@/components/ui/button";
import { ConfirmByNameDialogOnDemand as ConfirmByNameDialog } from "@/components/ui/dialog-on-demand";
import { useToast } from "@/components/ui/toast";
import { deleteEndpoint, updateEndpoint } from "@/lib/actions/endpoints";
import { describeProblem } from "@/lib/queries/describe-problem";
import { useDataCenters, useGpuTypes } from "@/lib/queries/catalog";
import { endpointQueryKeys } from "@/lib/queries/endpoints";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { useAction } from "@/lib/queries/use-action";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { EndpointForm } from "./endpoint-form-on-demand";
import { toUpdateInput, valuesFromEndpoint } from "./endpoint-form-values";
import { poolsFromCatalog } from "./gpu-pools";
import { withEndpoint } from "./with-endpoint";

const unprefix = (errors: string[] | undefined) => errors?.map((e) => e.replace(/^patch\./, ""));

export function EndpointSettings({ endpoint }: { endpoint: Endpoint }) {
  const router = useRouter();
  const toast = useToast();
  const queries = {
    gpus: useGpuTypes("serverless"),
    dataCenters: useDataCenters(),
    volumes: useNetworkVolumes(),
  };
  const update = useAction(updateEndpoint, [endpointQueryKeys.all]);
  const remove = useAction(deleteEndpoint, [endpointQueryKeys.lists()]);
  const [confirming, setConfirming] = useState(false);

  async function confirmDelete() {
    const result = await remove.mutateAsync({ id: endpoint.id });
    if (!result.ok) {
      setConfirming(false);
      toast({
        tone: "error",
        title: "Endpoint not deleted",
        description: describeProblem(result.problem),
      });
      return;
    }
    toast({ tone: "success", title: `Endpoint ${endpoint.name} deleted` });
    router.push("/serverless");
  }

  return (
    <div className="space-y-10">
      <AllLoaded queries={queries} what="settings">
        {({ gpus, dataCenters, volumes }) => (
          <EndpointForm
            key={endpoint.id}
            mode="edit"
            defaultValues={valuesFromEndpoint(endpoint)}
            pools={poolsFromCatalog(gpus)}
            dataCenters={dataCenters}
            templates={[]}
            volumes={volumes}
            submitLabel="Save settings"
            onSubmit={async (values) => {
              const result = await update.mutateAsync({
                id: endpoint.id,
                patch: toUpdateInput(values),
              });
              if (!result.ok) {
                toast({
                  tone: "error",
                  title: "Settings not saved",
                  description: result.problem.detail,
                });
                return { ...result.problem, errors: unprefix(result.problem.errors) };
              }
              toast({ tone: "success", title: "Settings saved" });
              return null;
            }}
          />
        )}
      </AllLoaded>
      <section
        aria-labelledby="danger-heading"
        className="max-w-3xl rounded-lg border border-red-300 p-4 dark:border-red-800"
      >
        <h2 id="danger-heading" className="text-base font-semibold">
          Delete endpoint
        </h2>
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
          Stops its workers and drops queued requests. Its URLs stop answering. This cannot be
          undone.
        </p>
        <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)}>
          Delete endpoint
        </Button>
      </section>
      <ConfirmByNameDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${endpoint.name}?`}
        description="Workers stop and queued requests are dropped."
        name={endpoint.name}
        confirmLabel="Delete endpoint"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}

/** The Settings tab as its route renders it (by id). */
export const EndpointSettingsTab = withEndpoint(EndpointSettings);
