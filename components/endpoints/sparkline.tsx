const W = 64;
const H = 16;

/**
 * A tiny trend line (inline SVG, no chart library: it sits in the page's first load), from zero
 * at the bottom to the series' largest value at the top; gaps (null) break the line. Nothing is
 * drawn with fewer than two values. `label` is its text alternative.
 */
export function Sparkline({
  values,
  label,
}: {
  values: readonly (number | null)[];
  label: string;
}) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const top = Math.max(...known);
  const y = (v: number) => (top > 0 ? H - 1 - (v / top) * (H - 2) : H - 1);
  let d = "";
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    d += `${pen ? "L" : "M"}${((i / (values.length - 1)) * W).toFixed(1)} ${y(v).toFixed(1)}`;
    pen = true;
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      className="h-4 w-16 shrink-0 text-violet-700 dark:text-violet-300"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** "Last 15 min: 0 to 3" — the range a sparkline spans, in words. */
export function trendLabel(
  values: readonly (number | null)[],
  format: (v: number) => string,
  span = "15 min",
): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return `Last ${span}: no data`;
  return `Last ${span}: ${format(Math.min(...known))} to ${format(Math.max(...known))}`;
}
