"use client";

import { useEffect, useState } from "react";

/** Milliseconds from `start` to `end`, ticking while there is no `end`. */
export function useElapsed(start: string | undefined, end: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!start || end) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [start, end]);
  if (!start) return undefined;
  return Math.max(0, (end ? Date.parse(end) : now) - Date.parse(start));
}
