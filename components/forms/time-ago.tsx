"use client";

import { absoluteTime, relativeTime } from "./format";

/** Relative time with the absolute time on hover (and for assistive tech via the title). */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    // The server and the browser read the clock (and the time zone) a moment apart: their words may
    // differ by a second, which is no error.
    <time dateTime={iso} title={absoluteTime(iso)} suppressHydrationWarning>
      {relativeTime(iso)}
    </time>
  );
}
