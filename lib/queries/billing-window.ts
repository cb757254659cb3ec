import type { BillingBucketSize } from "@/lib/schemas/billing";
import { BILLING_BUCKET_SIZES } from "@/lib/schemas/billing-buckets";

// Plain values, not the zod schema: this module is part of the billing page's client code.
const isBucketSize = (v: string | undefined): v is BillingBucketSize =>
  (BILLING_BUCKET_SIZES as readonly (string | undefined)[]).includes(v);

/** The window the billing page shows, as it lives in the URL. */
export type BillingWindow =
  | { kind: "preset"; preset: PresetId; bucketSize: BillingBucketSize; lastN: number }
  | { kind: "custom"; bucketSize: BillingBucketSize; start: string; end: string };

export const PRESETS = [
  { id: "24h", label: "Last 24 hours", bucketSize: "hour", lastN: 24 },
  { id: "7d", label: "Last 7 days", bucketSize: "day", lastN: 7 },
  { id: "30d", label: "Last 30 days", bucketSize: "day", lastN: 30 },
  { id: "12w", label: "Last 12 weeks", bucketSize: "week", lastN: 12 },
  { id: "12m", label: "Last 12 months", bucketSize: "month", lastN: 12 },
] as const satisfies readonly {
  id: string;
  label: string;
  bucketSize: BillingBucketSize;
  lastN: number;
}[];
export type PresetId = (typeof PRESETS)[number]["id"];

export const DEFAULT_WINDOW: BillingWindow = {
  kind: "preset",
  preset: "30d",
  bucketSize: "day",
  lastN: 30,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `?range=7d` (a preset) or `?range=custom&start=2026-11-01&end=2026-11-20&bucket=day`; anything
 * unknown or incomplete falls back to the last 30 days.
 */
export function windowFromSearch(search: Search): BillingWindow {
  const range = one(search.range);
  if (range === "custom") {
    const start = one(search.start);
    const end = one(search.end);
    const bucket = one(search.bucket);
    if (start && end && DATE.test(start) && DATE.test(end) && start < end)
      return { kind: "custom", start, end, bucketSize: isBucketSize(bucket) ? bucket : "day" };
    return DEFAULT_WINDOW;
  }
  const preset = PRESETS.find((p) => p.id === range);
  return preset
    ? { kind: "preset", preset: preset.id, bucketSize: preset.bucketSize, lastN: preset.lastN }
    : DEFAULT_WINDOW;
}

export function windowToSearch(w: BillingWindow): string {
  const params = new URLSearchParams(
    w.kind === "preset"
      ? { range: w.preset }
      : { range: "custom", start: w.start, end: w.end, bucket: w.bucketSize },
  );
  return params.toString();
}

/** The billing routes' query: `lastN` buckets, or a start/end (end date inclusive) in UTC. */
export function windowToQuery(w: BillingWindow): Record<string, string> {
  if (w.kind === "preset") return { bucketSize: w.bucketSize, lastN: String(w.lastN) };
  const end = new Date(`${w.end}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return {
    bucketSize: w.bucketSize,
    startTime: `${w.start}T00:00:00.000Z`,
    endTime: end.toISOString(),
  };
}

export function describeWindow(w: BillingWindow): string {
  if (w.kind === "preset") return PRESETS.find((p) => p.id === w.preset)!.label.toLowerCase();
  return `${w.start} to ${w.end}, by ${w.bucketSize}`;
}
