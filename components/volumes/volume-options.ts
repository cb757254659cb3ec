import type { NetworkVolume } from "@/lib/schemas/network-volumes";

type VolumeFacts = Pick<NetworkVolume, "id" | "name" | "size" | "dataCenter">;

/** A network-volume picker's options: the empty choice first, then "name · size GB · data center". */
export function volumeOptions(volumes: readonly VolumeFacts[], none: string) {
  return [
    { value: "", label: none },
    ...volumes.map((v) => ({ value: v.id, label: `${v.name} · ${v.size} GB · ${v.dataCenter}` })),
  ];
}
