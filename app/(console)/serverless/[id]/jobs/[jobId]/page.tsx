import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobDetailView } from "@/components/devtools/job-detail";
import { getPlatformEnvironment } from "@/lib/cloud/environment";

export const metadata: Metadata = { title: "Job" };

/** A job's timeline and why-waiting come from the local platform's developer tools only. */
export default async function JobPage({
  params,
}: {
  params: Promise<{ id: string; jobId: string }>;
}) {
  if ((await getPlatformEnvironment()).kind !== "local") notFound();
  const { id, jobId } = await params;
  return <JobDetailView endpointId={id} jobId={jobId} />;
}
