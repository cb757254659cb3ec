import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ModelPlayground } from "@/components/playground/model-playground";
import { findModel } from "@/lib/models";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ slug: string }>;
}): Promise<Metadata> {
  const model = findModel((await params).slug);
  return { title: model ? `${model.name} · Playground` : "Playground" };
}

export default async function ModelPlaygroundPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ run?: string | string[] }>;
}) {
  const [{ slug }, { run }] = await Promise.all([params, searchParams]);
  const model = findModel(slug);
  if (!model) notFound();
  const runId = Array.isArray(run) ? run[0] : run;
  return (
    <div className="space-y-8">
      <header className="space-y-1 border-b border-neutral-200 pb-5 dark:border-neutral-800">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {model.owner} / <span className="capitalize">{model.kind}</span>
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{model.name}</h1>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{model.description}</p>
        <p className="font-mono text-xs text-neutral-600 dark:text-neutral-400">{slug}</p>
      </header>
      {/* A new `?run=` (re-run, open from the history) starts the playground afresh. */}
      <ModelPlayground
        key={runId ?? "new"}
        slug={slug}
        kind={model.kind}
        name={model.name}
        runId={runId}
      />
    </div>
  );
}
