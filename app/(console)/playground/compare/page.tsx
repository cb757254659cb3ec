import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { RunCompare } from "@/components/playground/run-compare";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Compare runs · Playground" };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ComparePage({
  searchParams,
}: {
  searchParams: Promise<{ a?: string | string[]; b?: string | string[] }>;
}) {
  const query = await searchParams;
  const a = first(query.a);
  const b = first(query.b);
  return (
    <>
      <PageHeader title="Compare runs">
        Two runs of your playground history side by side: the input field by field (fields that
        differ are highlighted), status, timings, cost and output.
      </PageHeader>
      {a && b ? (
        <RunCompare a={a} b={b} />
      ) : (
        <EmptyState title="Choose two runs">
          <p>
            Select two runs in a history table and choose Compare, or open{" "}
            <Link href="/playground" className="underline">
              the playground
            </Link>
            .
          </p>
        </EmptyState>
      )}
    </>
  );
}
