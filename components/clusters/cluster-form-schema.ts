import { z } from "zod";
import { ClusterCompute, CreateClusterInput } from "@/lib/schemas/clusters";

/** The contract's create schema with UI-only fields: one data center choice, one volume. */
export const CreateClusterFormSchema = CreateClusterInput.pick({ name: true, type: true }).extend({
  compute: ClusterCompute.extend({ gpuTypeId: z.string().min(1, "Choose a GPU type") }),
  image: z.string().trim().min(1, "Enter the container image every node runs"),
  /**
   * "" lets the scheduler choose a data center with capacity for every node. Undefined while a
   * volume is chosen (the field is disabled): the volume's data center is the only one possible.
   */
  dataCenterId: z.string().optional(),
  /** "" = no network volume. */
  networkVolumeId: z.string(),
  startSsh: z.boolean(),
});
export type CreateClusterFormValues = z.input<typeof CreateClusterFormSchema>;
export type CreateClusterFormOutput = z.output<typeof CreateClusterFormSchema>;
