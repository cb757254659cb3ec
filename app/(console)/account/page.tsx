import type { Metadata } from "next";
import { DelegationSection } from "@/components/account/delegation-section";
import { RegistrySection } from "@/components/account/registry-section";
import { SshKeySection } from "@/components/account/ssh-key-section";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Account" };

export default function AccountPage() {
  return (
    <>
      <PageHeader title="Account">
        Settings that apply to everything you create: the SSH keys new pods receive, and the
        credentials the platform uses to pull private container images.
      </PageHeader>
      <div className="space-y-12">
        <SshKeySection />
        <RegistrySection />
        <DelegationSection />
      </div>
    </>
  );
}
