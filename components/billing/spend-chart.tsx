"use client";

import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { usd } from "@/components/forms/format";
import type { BillingBucketSize, BillingRecord } from "@/lib/schemas/billing";
import { PRODUCTS, byProduct } from "./spend-series";

const WIDTH = 1000;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
/** At most this many time labels under the bars, so they never overlap. */
const MAX_LABELS = 8;

/** A bucket's start in the reader's local time, at the bucket's resolution. */
export function localWhen(iso: string, bucket: BillingBucketSize, withYear = false): string {
  const d = new Date(iso);
  const date = (o: Intl.DateTimeFormatOptions) => d.toLocaleString(undefined, o);
  switch (bucket) {
    case "hour":
      return date({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    case "day":
    case "week":
      return date({ month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}) });
    case "month":
      return date({ month: "short", year: "numeric" });
    default:
      return date({ year: "numeric" });
  }
}

/** A short axis label: the hour alone inside a day. */
function axisLabel(iso: string, bucket: BillingBucketSize): string {
  if (bucket !== "hour") return localWhen(iso, bucket);
  return new Date(iso).toLocaleString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/** 1, 2 or 5 × a power of ten at or above `v`: round gridlines. */
function niceCeil(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * p).find((x) => x >= v) ?? 10 * p;
}

/**
 * Spend per bucket (hour, day, week…) as stacked bars, one colour per product, across the page,
 * with dollar gridlines and a read-out of the bucket under the pointer or chosen with the arrow
 * keys (every product's amount, local time with UTC on hover). Colour is never alone: the
 * read-out and the table below carry every number.
 */
export function SpendChart({
  records,
  bucketSize,
}: {
  records: readonly BillingRecord[];
  bucketSize: BillingBucketSize;
}) {
  const lastWithSpend = records.findLastIndex((r) => r.totalAmount > 0);
  const [active, setActive] = useState<number>(Math.max(0, lastWithSpend));
  const top = niceCeil(Math.max(...records.map((r) => r.totalAmount), 0.000001));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(records.length, 1);
  const barWidth = Math.max(slot * 0.7, 1.5);
  const labelEvery = Math.max(1, Math.ceil(records.length / MAX_LABELS));
  const current = records[Math.min(active, records.length - 1)];

  function onPointerMove(e: PointerEvent<SVGSVGElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * WIDTH - PAD.left;
    const i = Math.floor(x / slot);
    if (i >= 0 && i < records.length) setActive(i);
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const to =
      e.key === "ArrowLeft"
        ? active - 1
        : e.key === "ArrowRight"
          ? active + 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? records.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    setActive(Math.min(records.length - 1, Math.max(0, to)));
  }

  return (
    <figure className="space-y-2">
      <div
        role="group"
        aria-label={`Spend per ${bucketSize}: use the arrow keys to read each ${bucketSize}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="rounded-lg border border-neutral-200 focus-visible:outline-2 focus-visible:outline-violet-600 dark:border-neutral-800"
      >
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Spend per ${bucketSize} over ${records.length} ${bucketSize}s, by product`}
          className="h-auto w-full touch-none select-none"
          onPointerMove={onPointerMove}
        >
          {[0, 0.5, 1].map((f) => {
            const y = PAD.top + plotH * (1 - f);
            return (
              <g key={f}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y}
                  y2={y}
                  className="stroke-neutral-200 dark:stroke-neutral-800"
                />
                <text
                  x={PAD.left - 6}
                  y={y + 4}
                  textAnchor="end"
                  className="fill-neutral-600 text-[12px] dark:fill-neutral-400"
                >
                  {usd(top * f)}
                </text>
              </g>
            );
          })}
          {records.map((r, i) => {
            const parts = byProduct(r);
            const x = PAD.left + i * slot + (slot - barWidth) / 2;
            let y = PAD.top + plotH;
            return (
              <g key={r.startTime} opacity={i === active ? 1 : 0.75}>
                {i === active && (
                  <rect
                    x={PAD.left + i * slot}
                    y={PAD.top}
                    width={slot}
                    height={plotH}
                    className="fill-neutral-100 dark:fill-neutral-900"
                  />
                )}
                {PRODUCTS.map((p) => {
                  const h = (parts[p.id] / top) * plotH;
                  if (h <= 0) return null;
                  y -= h;
                  return (
                    <rect key={p.id} x={x} y={y} width={barWidth} height={h} className={p.color} />
                  );
                })}
                {i % labelEvery === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    className="fill-neutral-600 text-[12px] dark:fill-neutral-400"
                  >
                    {axisLabel(r.startTime, bucketSize)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {current && <ReadOut record={current} bucketSize={bucketSize} />}
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

function ReadOut({ record, bucketSize }: { record: BillingRecord; bucketSize: BillingBucketSize }) {
  const parts = byProduct(record);
  const spent = PRODUCTS.filter((p) => parts[p.id] > 0);
  return (
    <p aria-live="polite" data-testid="spend-readout" className="text-sm">
      <time
        dateTime={record.startTime}
        title={`${record.startTime.replace("T", " ").slice(0, 16)} UTC`}
        className="font-medium underline decoration-dotted underline-offset-2"
      >
        {localWhen(record.startTime, bucketSize, true)}
      </time>
      {": "}
      {spent.length === 0
        ? "nothing spent"
        : `${spent.map((p) => `${p.label} ${usd(parts[p.id])}`).join(" · ")} · total ${usd(record.totalAmount)}`}
    </p>
  );
}
