"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormProblem } from "@/components/forms/form-problem";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { updateNetworkVolume } from "@/lib/actions/network-volumes";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { volumeKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import { UpdateNetworkVolumeInput, type NetworkVolume } from "@/lib/schemas/network-volumes";
import { volumeMonthlyCost } from "./volume-cost";

/** Grow only: the contract's size bound plus "more than now", checked before anything is sent. */
function growSchema(current: number) {
  return z.object({
    size: UpdateNetworkVolumeInput.shape.size.unwrap().refine((n) => n > current, {
      message: `Volumes only grow: enter more than the current ${current} GB`,
    }),
  });
}

export function GrowVolumeDialog({
  volume,
  onClose,
}: {
  volume: NetworkVolume;
  onClose: () => void;
}) {
  const toast = useToast();
  const update = useAction(updateNetworkVolume, [volumeKeys.all]);
  const form = useForm<{ size: number }>({
    resolver: zodResolver(growSchema(volume.size)),
    defaultValues: { size: volume.size },
  });
  const { errors, isSubmitting } = form.formState;
  const size = form.watch("size");

  async function submit({ size }: { size: number }) {
    const result = await update.mutateAsync({ id: volume.id, patch: { size } });
    if (!result.ok) {
      applyProblemToForm(
        { ...result.problem, errors: result.problem.errors?.map((e) => e.replace(/^patch\./, "")) },
        form.setError,
        { fields: ["size"] },
      );
      return;
    }
    toast({ tone: "success", title: `Volume ${volume.name} is now ${result.data.size} GB` });
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Grow ${volume.name}`}
      description={`Currently ${volume.size} GB. A volume can grow, never shrink.`}
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <Field id="grow-size" label="New size (GB)" error={errors.size?.message}>
          {(p) => (
            <Input
              {...p}
              type="number"
              min={volume.size + 1}
              max={4096}
              {...form.register("size", { valueAsNumber: true })}
            />
          )}
        </Field>
        <p className="text-sm">
          {Number.isFinite(size) ? `≈ ${usd(volumeMonthlyCost(size, volume.type))} per month` : ""}
        </p>
        <FormProblem message={errors.root?.server?.message} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Grow volume
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
