"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { ProblemError } from "./problem-error";

declare module "@tanstack/react-query" {
  interface Register {
    // Hooks reject with ProblemError (route handlers answer problem+json).
    defaultError: ProblemError;
  }
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // 4xx answers (bad id, expired session, access denied) will not get better by retrying.
        retry: (failures, error) => failures < 2 && !(error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** One QueryClient per browser tab (per request on the server), never shared between users. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
