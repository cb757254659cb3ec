import type { Pod } from "@/lib/schemas/pods";

/** What the settings form reads of a pod: not its status or runtime, which polling keeps changing. */
export type EditablePod = Pick<
  Pod,
  "id" | "name" | "image" | "args" | "ports" | "disk" | "env" | "registry" | "locked" | "mounts"
> & { globalNetworking: Pick<Pod["globalNetworking"], "enabled"> };

export function editablePod(pod: Pod): EditablePod {
  const { id, name, image, args, ports, disk, env, registry, locked, mounts } = pod;
  return {
    id,
    name,
    image,
    args,
    ports,
    disk,
    env,
    registry,
    locked,
    mounts,
    globalNetworking: { enabled: pod.globalNetworking.enabled },
  };
}
