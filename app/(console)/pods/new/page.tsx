import type { Metadata } from "next";
import { NewPod } from "@/components/pods/new-pod";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Deploy a pod" };

export default function NewPodPage() {
  return (
    <>
      <PageHeader title="Deploy a pod">
        Choose a GPU type (prices per GPU-hour are shown for Secure and Community Cloud), an image
        or template and, on Secure Cloud, a network volume. Everything but the GPU and the kind of
        mount can be changed later.
      </PageHeader>
      <NewPod />
    </>
  );
}
