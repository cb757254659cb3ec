import { usd } from "@/components/forms/format";
import type { BillingBucketSize, BillingRecord } from "@/lib/schemas/billing";
import { PRODUCTS, byProduct } from "./spend-series";

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 8, bottom: 24, left: 8 };

const when = (iso: string, bucket: BillingBucketSize) =>
  new Date(iso).toLocaleString("en", {
    month: "short",
    day: bucket === "month" || bucket === "year" ? undefined : "numeric",
    year: bucket === "month" || bucket === "year" ? "numeric" : undefined,
    hour: bucket === "hour" ? "2-digit" : undefined,
    minute: bucket === "hour" ? "2-digit" : undefined,
    timeZone: "UTC",
  });

/**
 * Spend per bucket (hour, day, week…) as stacked SVG bars, one colour per product, with a legend and a text title per
 * bar (the same numbers are in the table below, so nothing depends on colour or hovering).
 */
export function SpendChart({
  records,
  bucketSize,
}: {
  records: readonly BillingRecord[];
  bucketSize: BillingBucketSize;
}) {
  const max = Math.max(...records.map((r) => r.totalAmount), 0.000001);
  const slot = (WIDTH - PAD.left) / Math.max(records.length, 1);
  const barWidth = Math.max(slot * 0.7, 2);
  const plot = HEIGHT - PAD.top - PAD.bottom;
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Spend per ${bucketSize} over ${records.length} ${bucketSize}s, by product`}
        className="h-auto w-full max-w-3xl rounded-lg border border-neutral-200 dark:border-neutral-800"
      >
        {records.map((r, i) => {
          const parts = byProduct(r);
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          let y = HEIGHT - PAD.bottom;
          return (
            <g key={r.startTime}>
              <title>{`${when(r.startTime, bucketSize)}: ${usd(r.totalAmount)}`}</title>
              {PRODUCTS.map((p) => {
                const h = (parts[p.id] / max) * plot;
                if (h <= 0) return null;
                y -= h;
                return (
                  <rect key={p.id} x={x} y={y} width={barWidth} height={h} className={p.color} />
                );
              })}
              {(i % 7 === 0 || i === records.length - 1) && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-neutral-500 text-[10px]"
                >
                  {when(r.startTime, bucketSize)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-neutral-600 dark:text-neutral-400">
        {PRODUCTS.map((p) => (
          <span key={p.id} className="inline-flex items-center gap-1.5">
            <svg aria-hidden width="10" height="10">
              <rect width="10" height="10" className={p.color} />
            </svg>
            {p.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
