"use client";

import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/actions/session";

export function SignOutButton() {
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="secondary"
      size="sm"
      pending={pending}
      onClick={() =>
        startTransition(async () => {
          // Whatever the outcome (even "no session" 401), the user ends up on the sign-in page;
          // a full load also drops every cached query of the old session.
          await signOut({});
          window.location.assign("/sign-in");
        })
      }
    >
      Sign out
    </Button>
  );
}
