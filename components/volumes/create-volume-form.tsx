"use client";

import { useForm, useWatch } from "react-hook-form";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { FormProblem } from "@/components/forms/form-problem";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { createNetworkVolume } from "@/lib/actions/network-volumes";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { useAction } from "@/lib/queries/use-action";
import { volumeKeys } from "@/lib/queries/keys";
import type { DataCenter } from "@/lib/schemas/catalog";
import type { CreateNetworkVolumeInput } from "@/lib/schemas/network-volumes";
import { TIER_LABEL, volumeMonthlyCost } from "./volume-cost";

type Values = CreateNetworkVolumeInput;
const FIELDS = ["name", "size", "dataCenter", "type"] as const;

export function CreateVolumeForm({ dataCenters }: { dataCenters: readonly DataCenter[] }) {
  const toast = useToast();
  const create = useAction(createNetworkVolume, [volumeKeys.all]);
  const offering = dataCenters.filter((dc) => dc.networkVolumeTypes.length > 0);
  const form = useForm<Values>({
    resolver: lazyZodResolver(() =>
      import("@/lib/schemas/network-volumes").then((m) => m.CreateNetworkVolumeInput),
    ),
    defaultValues: { name: "", size: 50, dataCenter: offering[0]?.id ?? "" },
  });
  showDefaultsInHtml(form);
  const { errors, isSubmitting } = form.formState;
  const [dcId, size, type] = useWatch({
    control: form.control,
    name: ["dataCenter", "size", "type"],
  });
  const tiers = offering.find((dc) => dc.id === dcId)?.networkVolumeTypes ?? [];
  const tier = type ?? tiers[0] ?? "STANDARD";

  async function submit(values: Values) {
    const body = { ...values, type: tiers.length > 1 ? (values.type ?? tiers[0]) : undefined };
    const result = await create.mutateAsync(body);
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, { fields: FIELDS });
      return;
    }
    toast({ tone: "success", title: `Volume ${result.data.name} created` });
    form.reset({ name: "", size: 50, dataCenter: values.dataCenter });
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label="Create a network volume"
      className="grid max-w-3xl gap-4 sm:grid-cols-2"
    >
      <Field id="volume-name" label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
      </Field>
      <Field
        id="volume-size"
        label="Size (GB)"
        hint="10–4096 GB. Larger volumes (over 4 TB) are arranged with support. Volumes can grow later, never shrink."
        error={errors.size?.message}
      >
        {(p) => (
          <Input
            {...p}
            type="number"
            min={10}
            max={4096}
            {...form.register("size", { valueAsNumber: true })}
          />
        )}
      </Field>
      <Field
        id="volume-dc"
        label="Data center"
        hint="Only pods and endpoints in this data center can attach it."
        error={errors.dataCenter?.message}
      >
        {(p) => (
          <Select
            {...p}
            {...form.register("dataCenter", { onChange: () => form.setValue("type", undefined) })}
            options={offering.map((dc) => ({ value: dc.id, label: `${dc.name} (${dc.id})` }))}
          />
        )}
      </Field>
      {tiers.length > 1 ? (
        <Field id="volume-tier" label="Tier" error={errors.type?.message}>
          {(p) => (
            <Select
              {...p}
              {...form.register("type", { setValueAs: (v) => v || undefined })}
              options={tiers.map((t) => ({ value: t, label: TIER_LABEL[t] }))}
            />
          )}
        </Field>
      ) : (
        <p className="self-end text-sm text-neutral-600 dark:text-neutral-400">
          Tier: {TIER_LABEL[tier]} (the only tier offered here)
        </p>
      )}
      <p aria-live="polite" className="text-sm sm:col-span-2">
        {Number.isFinite(size) && size > 0
          ? `≈ ${usd(volumeMonthlyCost(size, tier))} per month ($0.07/GB up to 1 TB, $0.05/GB beyond for standard storage).`
          : "Enter a size to see the monthly cost."}
      </p>
      <div className="space-y-2 sm:col-span-2">
        <FormProblem message={errors.root?.server?.message} />
        <Button type="submit" pending={isSubmitting}>
          Create volume
        </Button>
      </div>
    </form>
  );
}
