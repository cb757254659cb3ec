import type { Pod } from "@/lib/schemas/pods";

function uptime(seconds: number | undefined): string {
  if (seconds === undefined) return "—";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
}

function Meter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div>
      <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="mt-1 flex items-center gap-2 text-sm">
        {value === undefined ? (
          "—"
        ) : (
          <>
            <meter min={0} max={100} value={value} aria-label={label} className="w-24" />
            <span>{value}%</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** Live utilisation, as the platform reports it while the pod is RUNNING. */
export function PodRuntime({ pod }: { pod: Pod }) {
  if (pod.status !== "RUNNING" || !pod.runtime)
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Metrics appear while the pod is RUNNING (now {pod.status}).
      </p>
    );
  const { runtime } = pod;
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      <div>
        <dt className="text-xs text-neutral-600 dark:text-neutral-400">Uptime</dt>
        <dd className="mt-1 text-sm">{uptime(runtime.uptime)}</dd>
      </div>
      <Meter label="CPU" value={runtime.cpu?.util} />
      <Meter label="Memory" value={runtime.memory?.util} />
      {(runtime.gpus ?? []).map((g, i) => (
        <Meter key={i} label={`GPU ${i} utilisation`} value={g.util} />
      ))}
    </dl>
  );
}
