"use client";

import dynamic from "next/dynamic";
import { Loading } from "@/components/forms/query-states";
import type { LogViewerProps } from "./log-viewer";

/** The log viewer, loaded on demand so pages that hold it stay light until it shows. */
export const LazyLogViewer = dynamic<LogViewerProps>(
  () => import("./log-viewer").then((m) => m.LogViewer),
  { ssr: false, loading: () => <Loading what="the log viewer" /> },
);
