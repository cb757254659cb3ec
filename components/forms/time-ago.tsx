"use client";

import { absoluteTime, relativeTime } from "./format";

/** Relative time with the absolute time on hover (and for assistive tech via the title). */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
