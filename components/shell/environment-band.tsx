import type { PlatformEnvironment } from "@/lib/cloud/environment";
import { ClockControl } from "@/components/devtools/clock-control";
import { cx } from "@/components/ui/cx";

const LOOK = {
  local: {
    className: "bg-emerald-700 text-white dark:bg-emerald-800",
    label: "Local platform",
    note: "nothing here costs money",
  },
  remote: {
    className: "bg-amber-400 text-neutral-950 dark:bg-amber-500",
    label: "Real service",
    note: "real charges apply",
  },
  unreachable: {
    className: "bg-red-700 text-white dark:bg-red-800",
    label: "Platform unreachable",
    note: "start it with `npm run platform`, or check PLATFORM_API_URL",
  },
} as const;

/**
 * Which platform this console talks to, on every page, in words (colour only repeats it), so nobody
 * spends real money believing they are on the local platform.
 */
export function EnvironmentBand({
  environment,
  clock = false,
  operator = false,
}: {
  environment: PlatformEnvironment;
  /** Signed-in shell on the local platform: the platform clock control. */
  clock?: boolean;
  /** The signed-in key is the operator credential, the only one that moves the clock. */
  operator?: boolean;
}) {
  const look = LOOK[environment.kind];
  return (
    <aside
      aria-label="Platform environment"
      data-environment={environment.kind}
      className={cx("px-4 py-1.5 text-center text-sm font-medium", look.className)}
    >
      {environment.kind !== "local" && <span aria-hidden>⚠ </span>}
      <span className="font-semibold">{look.label}</span>
      <span aria-hidden> · </span>
      <span className="font-mono">{environment.url}</span>
      <span aria-hidden> — </span>
      <span>{look.note}</span>
      {environment.kind === "local" && (
        <span className="sr-only"> (version {environment.version})</span>
      )}
      {clock && environment.kind === "local" && <ClockControl operator={operator} />}
    </aside>
  );
}
