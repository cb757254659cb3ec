import { billingWindowViolations } from "@/lib/schemas/billing";
import { problems } from "../http/problem";
import { throwIfViolations, violation } from "../http/rule-violations";

export type BucketSize = "hour" | "day" | "week" | "month" | "year";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Upper bound on buckets per answer, so `bucketSize=hour` over years cannot build millions of records. */
export const MAX_BUCKETS = 10_000;

/** Start of the UTC bucket holding `t`. Weeks start on Monday (ISO 8601). */
export function bucketStart(t: number, size: BucketSize): number {
  const d = new Date(t);
  switch (size) {
    case "hour":
      return Math.floor(t / HOUR) * HOUR;
    case "day":
      return Math.floor(t / DAY) * DAY;
    case "week": {
      const day = Math.floor(t / DAY) * DAY;
      const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
      return day - weekday * DAY;
    }
    case "month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case "year":
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

/** Start of the bucket after the one starting at `start` (`start` must be a bucket start). */
export function nextBucket(start: number, size: BucketSize): number {
  const d = new Date(start);
  switch (size) {
    case "hour":
      return start + HOUR;
    case "day":
      return start + DAY;
    case "week":
      return start + 7 * DAY;
    case "month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case "year":
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  }
}

function previousBucket(start: number, size: BucketSize): number {
  const d = new Date(start);
  switch (size) {
    case "hour":
      return start - HOUR;
    case "day":
      return start - DAY;
    case "week":
      return start - 7 * DAY;
    case "month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
    case "year":
      return Date.UTC(d.getUTCFullYear() - 1, 0, 1);
  }
}

export interface BillingWindowQuery {
  startTime?: string;
  endTime?: string;
  bucketSize?: BucketSize;
  lastN?: number;
}

export interface BillingWindow {
  start: number;
  end: number;
  bucketSize: BucketSize;
  /** Bucket starts, ascending; each bucket is [buckets[i], next). */
  buckets: number[];
}

/**
 * The reference's window rules: `startTime` defaults to 30 days ago and snaps down to its bucket,
 * `endTime` (exclusive) defaults to now and snaps up; `lastN` is the last N buckets ending with the
 * current one and excludes `startTime`/`endTime`.
 */
export function resolveWindow(query: BillingWindowQuery, now: number): BillingWindow {
  const size = query.bucketSize ?? "day";
  throwIfViolations(billingWindowViolations(query));
  let start: number;
  let end: number;
  if (query.lastN !== undefined) {
    const current = bucketStart(now, size);
    end = nextBucket(current, size);
    start = current;
    for (let i = 1; i < query.lastN; i++) {
      start = previousBucket(start, size);
      if (i > MAX_BUCKETS) break;
    }
  } else {
    const rawStart = query.startTime !== undefined ? Date.parse(query.startTime) : now - 30 * DAY;
    const rawEnd = query.endTime !== undefined ? Date.parse(query.endTime) : now;
    start = bucketStart(rawStart, size);
    const endBucket = bucketStart(rawEnd, size);
    end = endBucket === rawEnd ? rawEnd : nextBucket(endBucket, size);
    if (end <= start) throw violation("endTime", "must be after startTime");
  }
  const buckets: number[] = [];
  for (let b = start; b < end; b = nextBucket(b, size)) {
    buckets.push(b);
    if (buckets.length > MAX_BUCKETS) {
      throw problems.badRequest(
        `the window spans more than ${MAX_BUCKETS} ${size} buckets; use a larger bucketSize`,
        [`bucketSize: too small for the requested window`],
      );
    }
  }
  return { start, end, bucketSize: size, buckets };
}

/** Index of the bucket holding `t` (binary search over ascending starts), or -1 outside the window. */
export function bucketIndex(window: BillingWindow, t: number): number {
  if (t < window.start || t >= window.end) return -1;
  let lo = 0;
  let hi = window.buckets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (window.buckets[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
