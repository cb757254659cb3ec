"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { usd } from "@/components/forms/format";
import { AllLoaded, Loading, LoadError, optionalQuery } from "@/components/forms/query-states";
import { LazyLogViewer } from "@/components/logs/lazy-log-viewer";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/notice";
import { useTemplateChoices } from "@/lib/queries/catalog";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { useRegistries } from "@/lib/queries/registries";
import { usePod } from "@/lib/queries/pods";
import { editablePod } from "./editable-pod";
import { PodActions } from "./pod-actions-on-demand";
import { PodEditForm } from "./pod-edit-form-on-demand";
import { podCompute, sshCommand } from "./pod-gpu";
import { PodRuntime } from "./pod-runtime";
import { PodStatus } from "./pod-status";

export function PodDetail({ id }: { id: string }) {
  const router = useRouter();
  const query = usePod(id);
  const volumes = useNetworkVolumes();
  const templates = useTemplateChoices();
  // Optional: without registry access the form still works, offering "none".
  const registries = useRegistries();
  const [refused, setRefused] = useState<string | null>(null);
  if (query.isPending) return <Loading what="the pod" />;
  if (query.isError)
    return <LoadError what={`pod ${id}`} error={query.error} onRetry={() => query.refetch()} />;
  const pod = query.data;
  const ssh = sshCommand(pod);
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{pod.name}</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
            <span className="font-mono">{pod.id}</span>
            <CopyButton value={pod.id} label="Copy id" />
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span aria-label="Status" role="status">
              <PodStatus status={pod.status} />
            </span>
            <span>{podCompute(pod)}</span>
            <span>{usd(pod.cost)}/h</span>
            <span>{pod.cloud === "SECURE" ? "Secure Cloud" : "Community Cloud"}</span>
            {pod.dataCenterId && <span>{pod.dataCenterId}</span>}
            {pod.locked && <span>Locked</span>}
          </p>
        </div>
        <PodActions
          pod={{ id: pod.id, name: pod.name, actions: pod.actions }}
          onRefused={setRefused}
          onTerminated={() => router.push("/pods")}
        />
      </header>
      {refused && <Notice>{refused}</Notice>}

      <section aria-labelledby="runtime-heading" className="space-y-3">
        <h2 id="runtime-heading" className="text-base font-semibold">
          Runtime
        </h2>
        <PodRuntime pod={pod} />
      </section>

      <section aria-labelledby="connect-heading" className="max-w-3xl space-y-3">
        <h2 id="connect-heading" className="text-base font-semibold">
          Connect
        </h2>
        {ssh ? (
          <CodeBlock label="SSH command" language="bash" code={ssh} />
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            The SSH command appears once the pod has been placed and started.
          </p>
        )}
      </section>

      <section aria-labelledby="logs-heading" className="space-y-3">
        <h2 id="logs-heading" className="text-base font-semibold">
          Logs
        </h2>
        <LazyLogViewer
          url={`/api/pods/${encodeURIComponent(pod.id)}/logs?tail=1000`}
          label={`Logs of pod ${pod.name}`}
          empty="No line yet. The platform writes a system line as the pod is created, placed, started, stopped or restarted; what the container prints appears here too."
          fileName={`pod-${pod.id}.log`}
        />
      </section>

      <section aria-labelledby="edit-heading" className="space-y-3">
        <h2 id="edit-heading" className="text-base font-semibold">
          Settings
        </h2>
        <AllLoaded
          queries={{ volumes, templates, registries: optionalQuery(registries, []) }}
          what="the settings' choices"
        >
          {(data) => (
            <PodEditForm
              key={pod.id}
              pod={editablePod(pod)}
              volumes={data.volumes}
              registries={data.registries}
              templates={[...data.templates.templates, ...data.templates.publicTemplates].filter(
                (t) => !t.serverless,
              )}
            />
          )}
        </AllLoaded>
      </section>
    </div>
  );
}
