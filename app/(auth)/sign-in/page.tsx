import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { EnvironmentBand } from "@/components/shell/environment-band";
import { getApiKey } from "@/lib/auth/session";
import { isSignInReason, SIGN_IN_REASONS } from "@/lib/auth/sign-in-reason";
import { getPlatformEnvironment, isLocalSignInAvailable } from "@/lib/cloud/environment";

export const metadata: Metadata = { title: "Sign in" };

/** `?reason=`: why the console sent the user here (`key-rejected` is an older name of `key-revoked`). */
function reasonText(value: string | string[] | undefined): string | undefined {
  const reason = value === "key-rejected" ? "key-revoked" : value;
  return isSignInReason(reason) ? SIGN_IN_REASONS[reason] : undefined;
}

/** Only same-origin paths, so the sign-in page cannot be used to bounce users elsewhere. */
function safeCallback(value: string | string[] | undefined): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//")
    ? value
    : "/serverless";
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const reason = reasonText(params.reason);
  const callbackUrl = safeCallback(params.callbackUrl);
  // Already signed in: straight to the console, unless we were sent here because the key failed.
  if (!reason && (await getApiKey())) redirect(callbackUrl);

  const [environment, localSignIn] = await Promise.all([
    getPlatformEnvironment(),
    isLocalSignInAvailable(),
  ]);

  return (
    <div className="flex min-h-screen flex-col">
      <EnvironmentBand environment={environment} />
      <main className="flex flex-1 items-start justify-center px-4 py-16">
        <div className="w-full max-w-md">
          <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase dark:text-violet-400">
            Hangar
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">Sign in to the console</h1>
          <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
            The console acts with an API key of the platform. Every request it makes on your behalf
            carries this key, so it sees exactly what the key may see.
          </p>
          {reason && (
            <p
              role="alert"
              className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              {reason}
            </p>
          )}
          <div className="mt-8 rounded-lg border border-neutral-200 p-6 dark:border-neutral-800">
            <SignInForm localSignIn={localSignIn} callbackUrl={callbackUrl} />
          </div>
          <section
            aria-labelledby="where-keys"
            className="mt-8 space-y-2 text-sm text-neutral-700 dark:text-neutral-300"
          >
            <h2 id="where-keys" className="font-semibold text-neutral-900 dark:text-neutral-100">
              Where do keys come from?
            </h2>
            <p>
              <strong>Real service:</strong> create one in its console under Settings → API Keys. A
              read-only or restricted key works too; pages it may not use will say so.
            </p>
            <p>
              <strong>Local platform:</strong> <code className="font-mono">npm run platform</code>{" "}
              prints the first account&apos;s key on its first start (or set{" "}
              <code className="font-mono">PLATFORM_BOOTSTRAP_KEY</code>);{" "}
              <code className="font-mono">npm run platform -- keys create --name NAME</code> makes
              more. Set <code className="font-mono">HANGAR_LOCAL_KEY</code> on the console&apos;s
              server for one-click sign-in.
            </p>
          </section>
        </div>
      </main>
    </div>
  );
}
