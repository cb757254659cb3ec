/** USD with enough decimals to show per-second prices ($0.00034) and monthly totals ($7.00). */
export function usd(amount: number): string {
  const abs = Math.abs(amount);
  const digits = abs === 0 ? 2 : abs < 0.01 ? 5 : abs < 1 ? 3 : 2;
  return `$${amount.toFixed(digits)}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
];

/** "3 minutes ago"; the absolute time goes in a title beside it. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === "second")
      return format.format(Math.round(diff / ms), unit);
  }
  return iso;
}

export function absoluteTime(iso: string): string {
  return new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "medium" });
}

/** Durations as the API gives them (ms), readable. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function ordinal(n: number): string {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}
