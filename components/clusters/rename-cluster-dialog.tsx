"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormProblem } from "@/components/forms/form-problem";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { renameCluster } from "@/lib/actions/clusters";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import { clusterKeys } from "@/lib/queries/clusters";
import { podKeys } from "@/lib/queries/keys";
import { useAction } from "@/lib/queries/use-action";
import { UpdateClusterInput, type Cluster } from "@/lib/schemas/clusters";

/** Rename: the only change a cluster takes (its compute and image are fixed at creation). */
export function RenameClusterDialog({
  cluster,
  onClose,
}: {
  cluster: Cluster;
  onClose: () => void;
}) {
  const toast = useToast();
  const rename = useAction(renameCluster, [clusterKeys.all, podKeys.all]);
  const form = useForm<UpdateClusterInput>({
    resolver: zodResolver(UpdateClusterInput),
    defaultValues: { name: cluster.name },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit({ name }: UpdateClusterInput) {
    const result = await rename.mutateAsync({ id: cluster.id, name });
    if (!result.ok) {
      applyProblemToForm(result.problem, form.setError, { fields: ["name"] });
      return;
    }
    toast({ tone: "success", title: `Cluster renamed to ${result.data.name}` });
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Rename ${cluster.name}`}
      description="Only the cluster's name changes; its nodes keep their names and keep running."
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <Field id="rename-cluster-name" label="New name" error={errors.name?.message}>
          {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
        </Field>
        <FormProblem message={errors.root?.server?.message} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Rename cluster
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
