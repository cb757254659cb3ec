import type { Pod } from "@/lib/schemas/pods";

/** "2 × NVIDIA A40", "CPU (8 vCPU)" or "—". */
export function podCompute(pod: Pod): string {
  if (pod.gpu) return `${pod.gpu.count} × ${pod.gpu.id}`;
  if (pod.cpu) return `CPU (${pod.cpu.vcpuCount} vCPU)`;
  return "—";
}

/** The SSH command to show: through the gateway when there is one, else the direct one. */
export function sshCommand(pod: Pod): string | null {
  return pod.ssh.proxy?.command ?? pod.ssh.direct?.command ?? null;
}
