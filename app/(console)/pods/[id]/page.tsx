import type { Metadata } from "next";
import { PodDetail } from "@/components/pods/pod-detail";

export const metadata: Metadata = { title: "Pod" };

export default async function PodPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PodDetail id={id} />;
}
