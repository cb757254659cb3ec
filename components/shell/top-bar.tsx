import { PaletteLauncher } from "@/components/palette/palette-launcher";
import { Badge } from "@/components/ui/badge";
import { SignOutButton } from "./sign-out-button";
import { ThemeSelect } from "./theme-select";

export interface AccountSummary {
  name: string;
  keyName?: string;
  /** The key is the local platform's operator credential (clock, whole-instance state). */
  operator?: boolean;
}

export function TopBar({ account }: { account: AccountSummary | null }) {
  return (
    <header className="flex h-14 items-center justify-end gap-2 border-b border-neutral-200 px-4 sm:gap-4 dark:border-neutral-800">
      <PaletteLauncher />
      <ThemeSelect />
      <p className="min-w-0 truncate text-sm">
        <span className="sr-only">Signed in as </span>
        {account ? (
          <>
            <span className="font-medium">{account.name}</span>
            {account.keyName && (
              <span className="hidden text-neutral-600 sm:inline dark:text-neutral-400">
                {" "}
                · key {account.keyName}
              </span>
            )}
            {account.operator && (
              <Badge tone="accent" className="ml-2">
                operator
              </Badge>
            )}
          </>
        ) : (
          <span className="text-neutral-600 dark:text-neutral-400">an API key session</span>
        )}
      </p>
      <SignOutButton />
    </header>
  );
}
