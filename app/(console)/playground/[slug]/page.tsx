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
  if (!findModel(slug)) notFound();
  const runId = Array.isArray(run) ? run[0] : run;
  // A new `?run=` (re-run, open from the history) starts the page afresh.
  return <ModelPlayground key={runId ?? "new"} slug={slug} runId={runId} />;
}
