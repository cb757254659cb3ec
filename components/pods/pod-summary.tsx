"use client";

import { useWatch, type Control } from "react-hook-form";
import { FormProblem } from "@/components/forms/form-problem";
import { containerItem, FormSummary } from "@/components/forms/form-summary";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import type { GpuType } from "@/lib/schemas/catalog";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import type { Template } from "@/lib/schemas/templates";
import type { DeployPodOutput, DeployPodValues } from "./pod-form-schema";

export const CLOUD_LABEL = { SECURE: "Secure Cloud", COMMUNITY: "Community Cloud" } as const;

/** The deploy form's summary column: the pod as it will be deployed, its hourly price, submit. */
export function PodSummary({
  control,
  gpus,
  templates,
  volumes,
  pending,
  problem,
}: {
  control: Control<DeployPodValues, unknown, DeployPodOutput>;
  gpus: readonly GpuType[];
  templates: readonly Template[];
  volumes: readonly NetworkVolume[];
  pending: boolean;
  problem: string | undefined;
}) {
  // Watched here, not in the form, so typing a name re-renders only the summary.
  const v = useWatch({ control });
  const cloud = v.cloud ?? "SECURE";
  const gpu = gpus.find((g) => g.id === v.gpu?.id);
  const count = v.gpu?.count;
  const rate = gpu ? (cloud === "COMMUNITY" ? gpu.price.community : gpu.price.secure) : undefined;
  const volume = volumes.find((vol) => vol.id === v.networkVolumeId);
  const dcs = v.dataCenterIds?.length ?? 0;
  return (
    <FormSummary
      id="pod-summary"
      items={[
        ["Name", v.name || "—"],
        ["Cloud", CLOUD_LABEL[cloud]],
        containerItem(v, templates),
        ["GPU", gpu ? `${count || 1} × ${gpu.name} (${gpu.memory} GB)` : "None chosen"],
        [
          "Data centers",
          volume ? `${volume.dataCenter} (the volume's)` : dcs > 0 ? `${dcs} chosen` : "Any",
        ],
        ["Network volume", volume ? `${volume.name} at ${v.mountPath || "—"}` : "None"],
      ]}
    >
      <p
        aria-live="polite"
        className="rounded-md bg-neutral-50 px-3 py-2 text-sm dark:bg-neutral-900"
      >
        {gpu && rate !== undefined && count ? (
          <>
            Projected cost: <strong>≈ {usd(rate * count)} per hour</strong> while running ({count} ×{" "}
            {gpu.name} at {usd(rate)}/h on {CLOUD_LABEL[cloud]}).
          </>
        ) : (
          "Choose a GPU type to see the hourly price."
        )}
      </p>
      <FormProblem message={problem} />
      <Button type="submit" pending={pending} className="w-full">
        Deploy pod
      </Button>
    </FormSummary>
  );
}
