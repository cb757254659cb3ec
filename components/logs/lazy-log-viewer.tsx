"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { Loading } from "@/components/forms/query-states";
import type { LogViewerProps } from "./log-viewer";

/** The log viewer, loaded on demand so pages that hold it stay light until it shows. */
export const LazyLogViewer = lazyPart<LogViewerProps>(
  () => import("./log-viewer").then((m) => m.LogViewer),
  { clientOnly: true, fallback: <Loading what="the log viewer" /> },
);
