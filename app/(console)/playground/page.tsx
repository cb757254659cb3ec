import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { ModelGallery } from "@/components/playground/model-gallery";
import { KINDS } from "@/components/playground/model-kinds";
import { RunHistory } from "@/components/playground/run-history";
import { models, type ModelKind } from "@/lib/models";

export const metadata: Metadata = { title: "Playground" };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function PlaygroundPage({
  searchParams,
}: {
  searchParams: Promise<{ kind?: string | string[]; q?: string | string[] }>;
}) {
  const query = await searchParams;
  const kindParam = first(query.kind);
  const kind = (KINDS.find((k) => k.id === kindParam)?.id ?? "all") as ModelKind | "all";
  const cards = models.map((m) => ({
    slug: m.slug,
    owner: m.owner,
    name: m.name,
    kind: m.kind,
    description: m.description,
    price: m.price.line,
  }));
  return (
    <>
      <PageHeader title="Playground">
        Run hosted models and your own endpoints from the browser: fill in the input, watch the job
        go from queued to running to completed, read streamed output, and copy the exact request as
        cURL, Python, JavaScript or an SDK. To run one of your endpoints, open it from Serverless
        and choose &quot;Open in playground&quot;.
      </PageHeader>
      <div className="space-y-10">
        <ModelGallery models={cards} kind={kind} q={first(query.q) ?? ""} />
        <RunHistory title="Your recent runs" />
      </div>
    </>
  );
}
