import { Menu as MenuIcon, X as XIcon } from "lucide";
import { Icon } from "@/components/ui/icon";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ConsoleNav } from "@/components/shell/console-nav";
import { EnvironmentBand } from "@/components/shell/environment-band";
import { TopBar, type AccountSummary } from "@/components/shell/top-bar";
import { getApiKey, revokeCurrentSession, sessionEndReason } from "@/lib/auth/session";
import { signInPath } from "@/lib/auth/sign-in-reason";
import { createCloud } from "@/lib/cloud/client";
import { getPlatformEnvironment } from "@/lib/cloud/environment";
import { CloudError } from "@/lib/cloud/errors";
import { whoami } from "@/lib/cloud/platform";

/** Only the local platform can say who a key belongs to; null elsewhere or when it cannot answer. */
async function accountOf(apiKey: string): Promise<AccountSummary | null | "key-rejected"> {
  try {
    const me = await whoami(createCloud(apiKey));
    return { name: me.account.name, keyName: me.key.name, operator: me.key.operator };
  } catch (error) {
    return error instanceof CloudError && error.status === 401 ? "key-rejected" : null;
  }
}

/**
 * The signed-in shell. Server-side: without a session every console page redirects to /sign-in.
 * Only display data (names, the environment) is passed to client components, never the key.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const apiKey = await getApiKey();
  if (!apiKey) {
    // A session the console ended because the platform refused its key says so again.
    const reason = await sessionEndReason();
    redirect(reason ? signInPath(reason) : "/sign-in");
  }

  const environment = await getPlatformEnvironment();
  const account = environment.kind === "local" ? await accountOf(apiKey) : null;
  if (account === "key-rejected") {
    // The key was deleted or disabled mid-session: end the session, say why on the sign-in page.
    await revokeCurrentSession("key-revoked");
    redirect(signInPath("key-revoked"));
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-neutral-900"
      >
        Skip to content
      </a>
      <EnvironmentBand
        environment={environment}
        clock
        operator={account !== null && account.operator === true}
      />
      {/* Phones: the navigation folds into a menu above the page (no script: <details>). */}
      <details className="group border-b border-neutral-200 bg-neutral-50 md:hidden dark:border-neutral-800 dark:bg-neutral-900/50">
        <summary
          aria-label="Navigation menu"
          className="flex h-12 cursor-pointer list-none items-center justify-between px-4 [&::-webkit-details-marker]:hidden"
        >
          <span className="text-base font-semibold tracking-tight">
            Hangar<span className="text-violet-600 dark:text-violet-400">.</span>
          </span>
          <span className="inline-flex items-center gap-2 rounded-md border border-neutral-300 px-3 py-1 text-sm dark:border-neutral-700">
            <Icon icon={MenuIcon} className="size-4 group-open:hidden" />
            <Icon icon={XIcon} className="hidden size-4 group-open:block" />
            Menu
          </span>
        </summary>
        <ConsoleNav devtools={environment.kind === "local"} />
      </details>
      <div className="flex flex-1">
        <div className="hidden w-56 shrink-0 flex-col border-r border-neutral-200 bg-neutral-50 md:flex dark:border-neutral-800 dark:bg-neutral-900/50">
          <div className="flex h-14 items-center border-b border-neutral-200 px-5 dark:border-neutral-800">
            <span className="text-base font-semibold tracking-tight">
              Hangar<span className="text-violet-600 dark:text-violet-400">.</span>
            </span>
          </div>
          <ConsoleNav devtools={environment.kind === "local"} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar account={account} />
          <main
            id="main"
            tabIndex={-1}
            className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8"
          >
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
