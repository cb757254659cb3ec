"use client";

import { useWatch, type Control } from "react-hook-form";
import { FormProblem } from "@/components/forms/form-problem";
import { containerItem, FormSummary } from "@/components/forms/form-summary";
import { Button } from "@/components/ui/button";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import type { Template } from "@/lib/schemas/templates";
import { EndpointCostLine } from "./endpoint-cost-line";
import type { EndpointFormOutput, EndpointFormValues } from "./endpoint-form-schema";
import type { GpuPool } from "./gpu-pools";

/** The endpoint form's summary column: what will be created, what it costs, and the submit button. */
export function EndpointSummary({
  control,
  pools,
  templates,
  volumes,
  submitLabel,
  pending,
  problem,
}: {
  control: Control<EndpointFormValues, unknown, EndpointFormOutput>;
  pools: readonly GpuPool[];
  templates: readonly Template[];
  volumes: readonly NetworkVolume[];
  submitLabel: string;
  pending: boolean;
  problem: string | undefined;
}) {
  // Watched here, not in the form, so typing a name re-renders only the summary.
  const v = useWatch({ control });
  const chosen = (v.gpu?.pools ?? []).filter((p): p is string => !!p);
  const attached = volumes.filter((vol) => v.networkVolumes?.includes(vol.id));
  const dcs = v.dataCenterIds?.length ?? 0;
  return (
    <FormSummary
      id="endpoint-summary"
      items={[
        ["Name", v.name || "—"],
        ["Type", v.type === "LOAD_BALANCER" ? "Load balancer" : "Queue"],
        containerItem(v, templates),
        [
          "GPU pools",
          chosen.length > 0
            ? `${chosen.join(" → ")} · ${v.gpu?.count || 1} GPU per worker`
            : "None chosen",
        ],
        ["Workers", `${v.workers?.min ?? 0} to ${v.workers?.max ?? 0}`],
        ["Data centers", dcs > 0 ? `${dcs} chosen` : "Any"],
        ["Network volumes", attached.length > 0 ? attached.map((a) => a.name).join(", ") : "None"],
      ]}
    >
      <EndpointCostLine
        pools={pools}
        gpu={{ pools: chosen, count: v.gpu?.count }}
        workers={v.workers}
      />
      <FormProblem message={problem} />
      <Button type="submit" pending={pending} className="w-full">
        {submitLabel}
      </Button>
    </FormSummary>
  );
}
