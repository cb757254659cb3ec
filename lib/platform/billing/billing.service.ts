import { sql, type Kysely } from "kysely";
import type {
  BillingAmounts,
  BillingRecord,
  ClusterBillingAmounts,
  NetworkVolumeBillingAmounts,
  PodBillingAmounts,
  ServerlessBillingAmounts,
} from "@/lib/schemas/billing";
import type { Database } from "../store/schema";
import { bucketIndex, nextBucket, type BillingWindow } from "./billing-window";
import type { UsageProduct } from "./usage-recorder";

/** Sums of one resource in one bucket, in the recorder's column names. */
export interface UsageSums {
  gpu: number;
  cpu: number;
  disk: number;
  fee: number;
  standard: number;
  highPerformance: number;
  networking: number;
  total: number;
}

const ZERO: UsageSums = {
  gpu: 0,
  cpu: 0,
  disk: 0,
  fee: 0,
  standard: 0,
  highPerformance: 0,
  networking: 0,
  total: 0,
};
const HOUR = 3_600_000;

function add(a: UsageSums, b: UsageSums): UsageSums {
  return {
    gpu: a.gpu + b.gpu,
    cpu: a.cpu + b.cpu,
    disk: a.disk + b.disk,
    fee: a.fee + b.fee,
    standard: a.standard + b.standard,
    highPerformance: a.highPerformance + b.highPerformance,
    networking: a.networking + b.networking,
    total: a.total + b.total,
  };
}

/** Floating sums of many small charges: 9 decimals hide 0.1+0.2 noise and keep sub-cent detail. */
export const money = (n: number) => Math.round(n * 1e9) / 1e9;

interface Grouped {
  product: UsageProduct;
  resourceId: string;
  bucket: number;
  sums: UsageSums;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Reads usage rows of an account in a window, summed per product, resource and hour in SQL (hours
 * nest in every bucket size), then folded into the window's buckets.
 */
export async function groupedUsage(
  db: Kysely<Database>,
  accountId: string,
  window: BillingWindow,
  products: UsageProduct[],
  resourceId?: string,
): Promise<Grouped[]> {
  let q = db
    .selectFrom("usage_records")
    .select([
      "product",
      "resource_id",
      sql<number>`(at / ${sql.lit(HOUR)})`.as("hour"),
      sql<number>`sum(gpu)`.as("gpu"),
      sql<number>`sum(cpu)`.as("cpu"),
      sql<number>`sum(disk)`.as("disk"),
      sql<number>`sum(fee)`.as("fee"),
      sql<number>`sum(standard)`.as("standard"),
      sql<number>`sum(high_performance)`.as("high_performance"),
      sql<number>`sum(networking)`.as("networking"),
      sql<number>`sum(total)`.as("total"),
    ])
    .where("account_id", "=", accountId)
    .where("at", ">=", window.start)
    .where("at", "<", window.end)
    .where("product", "in", products)
    .groupBy(["product", "resource_id", sql`(at / ${sql.lit(HOUR)})`]);
  if (resourceId !== undefined) q = q.where("resource_id", "=", resourceId);
  const rows = await q.execute();
  const out = new Map<string, Grouped>();
  for (const r of rows) {
    const idx = bucketIndex(window, Number(r.hour) * HOUR);
    if (idx < 0) continue;
    const key = `${r.product}\u0000${r.resource_id}\u0000${idx}`;
    const sums: UsageSums = {
      gpu: Number(r.gpu),
      cpu: Number(r.cpu),
      disk: Number(r.disk),
      fee: Number(r.fee),
      standard: Number(r.standard),
      highPerformance: Number(r.high_performance),
      networking: Number(r.networking),
      total: Number(r.total),
    };
    const prev = out.get(key);
    out.set(key, {
      product: r.product as UsageProduct,
      resourceId: r.resource_id,
      bucket: idx,
      sums: prev ? add(prev.sums, sums) : sums,
    });
  }
  return [...out.values()];
}

function range(window: BillingWindow, idx: number) {
  const start = window.buckets[idx]!;
  return { startTime: iso(start), endTime: iso(nextBucket(start, window.bucketSize)) };
}

export function aggregateAmounts(
  byProduct: Partial<Record<UsageProduct, UsageSums>>,
): BillingAmounts {
  const p = byProduct.pod ?? ZERO;
  const s = byProduct.serverless ?? ZERO;
  const v = byProduct.storage ?? ZERO;
  const e = byProduct.endpoint ?? ZERO;
  const c = byProduct.cluster ?? ZERO;
  return {
    totalAmount: money(p.total + s.total + v.total + e.total + c.total),
    podGpuAmount: money(p.gpu),
    podCpuAmount: money(p.cpu),
    podDiskAmount: money(p.disk),
    serverlessGpuAmount: money(s.gpu),
    serverlessCpuAmount: money(s.cpu),
    serverlessDiskAmount: money(s.disk),
    serverlessFeeAmount: money(s.fee),
    storageStandardAmount: money(v.standard),
    storageHighPerformanceAmount: money(v.highPerformance),
    endpointAmount: money(e.total),
    clusterGpuAmount: money(c.gpu),
    clusterDiskAmount: money(c.disk),
    clusterNetworkingAmount: money(c.networking),
  };
}

/** `/v2/billing`: one record per bucket, every bucket of the window (zeros included). */
export function aggregateRecords(
  window: BillingWindow,
  grouped: Grouped[],
): { records: BillingRecord[]; totals: BillingAmounts } {
  const perBucket = window.buckets.map(() => ({}) as Partial<Record<UsageProduct, UsageSums>>);
  const overall: Partial<Record<UsageProduct, UsageSums>> = {};
  for (const g of grouped) {
    const b = perBucket[g.bucket]!;
    b[g.product] = add(b[g.product] ?? ZERO, g.sums);
    overall[g.product] = add(overall[g.product] ?? ZERO, g.sums);
  }
  return {
    records: perBucket.map((b, i) => ({ ...range(window, i), ...aggregateAmounts(b) })),
    totals: aggregateAmounts(overall),
  };
}

export const toPodAmounts = (s: UsageSums): PodBillingAmounts => ({
  totalAmount: money(s.total),
  gpuAmount: money(s.gpu),
  cpuAmount: money(s.cpu),
  diskAmount: money(s.disk),
});
export const toServerlessAmounts = (s: UsageSums): ServerlessBillingAmounts => ({
  ...toPodAmounts(s),
  feeAmount: money(s.fee),
});
export const toVolumeAmounts = (s: UsageSums): NetworkVolumeBillingAmounts => ({
  totalAmount: money(s.total),
  standardAmount: money(s.standard),
  highPerformanceAmount: money(s.highPerformance),
});
export const toClusterAmounts = (s: UsageSums): ClusterBillingAmounts => ({
  totalAmount: money(s.total),
  gpuAmount: money(s.gpu),
  diskAmount: money(s.disk),
  networkingAmount: money(s.networking),
});

/**
 * Per-resource routes: one record per resource per bucket, for every resource with usage in the
 * window (or just the filtered one), so `recordCount` = buckets × resources as the reference says.
 */
export function perResourceRecords<A>(
  window: BillingWindow,
  grouped: Grouped[],
  toAmounts: (s: UsageSums) => A,
  filterId: string | undefined,
): {
  records: ({ startTime: string; endTime: string; resourceId: string } & A)[];
  totals: A;
  resources: number;
} {
  const ids = new Set<string>(
    filterId !== undefined ? [filterId] : grouped.map((g) => g.resourceId),
  );
  const cells = new Map<string, UsageSums>();
  let overall = ZERO;
  for (const g of grouped) {
    const key = `${g.resourceId}\u0000${g.bucket}`;
    cells.set(key, add(cells.get(key) ?? ZERO, g.sums));
    overall = add(overall, g.sums);
  }
  const records: ({ startTime: string; endTime: string; resourceId: string } & A)[] = [];
  for (let i = 0; i < window.buckets.length; i++) {
    for (const id of [...ids].sort()) {
      records.push({
        ...range(window, i),
        resourceId: id,
        ...toAmounts(cells.get(`${id}\u0000${i}`) ?? ZERO),
      });
    }
  }
  return { records, totals: toAmounts(overall), resources: ids.size };
}
