import type { PodStatus } from "@/lib/schemas/pods";
import type { PodEvent } from "../management/pods/pod-lifecycle";
import type { PodDoc } from "../management/pods/pod-record";

/** The hardware a pod runs on, as its system lines name it. */
function hardware(doc: PodDoc, dataCenterId: string | null): string {
  const what = doc.gpu
    ? `${doc.gpu.count} × ${doc.gpu.id}`
    : doc.cpu
      ? `${doc.cpu.id} (${doc.cpu.vcpuCount} vCPU)`
      : "compute";
  return dataCenterId ? `${what} in ${dataCenterId}` : what;
}

/** The system line for a new pod. */
export function podCreatedLine(doc: PodDoc, dataCenterId: string | null): string {
  return `Pod created (${doc.cloud} cloud): allocating ${hardware(doc, dataCenterId)}.`;
}

/** The system line for one lifecycle transition of a pod. */
export function podTransitionLine(
  event: PodEvent,
  next: PodStatus,
  doc: PodDoc,
  dataCenterId: string | null,
): string {
  switch (event) {
    case "provisioned":
      return `Machine allocated: ${hardware(doc, dataCenterId)}. Pulling image ${doc.image}.`;
    case "started":
      return `Container started from ${doc.image}. Pod is RUNNING.`;
    case "start":
      return "Start requested: starting the container.";
    case "restart":
      return "Restart requested: stopping and starting the container.";
    case "stop":
      return "Stop requested: container stopped, the pod is EXITED (the volume disk is kept).";
    case "terminate":
      return "Terminate requested: the pod is TERMINATED and its resources are released.";
    case "fail":
      return "The container failed: the pod is in ERROR.";
    default:
      return `Pod is ${next}.`;
  }
}
