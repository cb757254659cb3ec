import { StatusDot, type Tone } from "@/components/ui/badge";
import type { PodStatus as Status } from "@/lib/schemas/pods";

const TONE: Record<Status, Tone> = {
  PROVISIONING: "info",
  STARTING: "info",
  RUNNING: "success",
  EXITED: "neutral",
  ERROR: "danger",
  TERMINATED: "neutral",
};

/** A pod's status as dot + the platform's own word. */
export function PodStatus({ status }: { status: Status }) {
  return (
    <StatusDot
      tone={TONE[status]}
      label={status}
      pulse={status === "PROVISIONING" || status === "STARTING"}
    />
  );
}
