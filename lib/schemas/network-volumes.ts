import { z } from "zod";
import { VolumeType } from "./common";

// Network volumes: the v2 resource (`/v2/network-volumes`) and the older v1 creation route
// (`/v1/networkvolumes`), whose body the seed specifies (`dataCenterId`, not v2's `dataCenter`).
export { VolumeType } from "./common";

export const NetworkVolume = z
  .object({
    id: z.string(),
    name: z.string(),
    /** GB; volumes only grow. */
    size: z.number().int().min(1),
    dataCenter: z.string(),
    type: VolumeType,
  })
  .meta({ id: "NetworkVolume" });
export type NetworkVolume = z.infer<typeof NetworkVolume>;

export const ListNetworkVolumesResponse = z
  .object({ networkVolumes: z.array(NetworkVolume) })
  .meta({ id: "ListNetworkVolumesResponse" });
export type ListNetworkVolumesResponse = z.infer<typeof ListNetworkVolumesResponse>;

export const CreateNetworkVolumeInput = z
  .strictObject({
    name: z.string().min(1),
    /** GB. */
    size: z.number().int().min(10).max(4096),
    dataCenter: z.string().min(1),
    /** Omitted: the data center's primary tier. Immutable. */
    type: VolumeType.optional(),
  })
  .meta({ id: "CreateNetworkVolumeRequest" });
export type CreateNetworkVolumeInput = z.infer<typeof CreateNetworkVolumeInput>;

/** A `size` below the current one is a 400 from the service (volumes never shrink). */
export const UpdateNetworkVolumeInput = z
  .strictObject({
    name: z.string().min(1).optional(),
    size: z.number().int().min(10).max(4096).optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.size !== undefined,
    "must set at least one of name, size",
  )
  .meta({ id: "UpdateNetworkVolumeRequest" });
export type UpdateNetworkVolumeInput = z.infer<typeof UpdateNetworkVolumeInput>;

/** v1 volume record: v2 renames `dataCenterId` to `dataCenter` and adds `type`. */
export const NetworkVolumeV1 = z
  .object({
    id: z.string(),
    name: z.string(),
    size: z.number().int(),
    dataCenterId: z.string(),
  })
  .meta({ id: "NetworkVolumeV1" });
export type NetworkVolumeV1 = z.infer<typeof NetworkVolumeV1>;

/** v1 lists are bare arrays. */
export const ListNetworkVolumesV1Response = z.array(NetworkVolumeV1);
export type ListNetworkVolumesV1Response = z.infer<typeof ListNetworkVolumesV1Response>;

/** Above this many GB a volume "is arranged with support" (seed): a service rule, not a schema bound. */
export const V1_VOLUME_SELF_SERVICE_MAX_GB = 4000;
export const V1_VOLUME_TOO_LARGE = `volumes larger than 4 TB (${V1_VOLUME_SELF_SERVICE_MAX_GB} GB) must be arranged with support`;

export const CreateNetworkVolumeV1Input = z
  .strictObject({
    name: z.string().min(1),
    /** GB. The upper limit is enforced by the service with `V1_VOLUME_TOO_LARGE`. */
    size: z.number().int().min(1),
    dataCenterId: z.string().min(1),
  })
  .meta({ id: "CreateNetworkVolumeV1Request" });
export type CreateNetworkVolumeV1Input = z.infer<typeof CreateNetworkVolumeV1Input>;

/** v1 `PATCH /networkvolumes/{id}` and `POST .../update`: size must exceed the current one (service rule). */
export const UpdateNetworkVolumeV1Input = z
  .strictObject({
    name: z.string().min(1).optional(),
    size: z.number().int().min(1).optional(),
  })
  .meta({ id: "UpdateNetworkVolumeV1Request" });
export type UpdateNetworkVolumeV1Input = z.infer<typeof UpdateNetworkVolumeV1Input>;
