/** A billing series' bucket sizes. Plain values, without zod, for the billing page's own code. */
export const BILLING_BUCKET_SIZES = ["hour", "day", "week", "month", "year"] as const;
