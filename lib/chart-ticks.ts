// Axis ticks for the metrics charts: round values on a value axis, round local times on the time
// axis. These were d3-array's `ticks` and d3-time's `timeTicks`; the two packages built every UTC
// and local interval and d3-array's blur helpers at import (the bundler cannot drop top-level
// calls), ≈ 2 kB gzip of the Metrics tab's first load for two functions. The same choices, for the
// spans the charts draw (15 min to 7 d); the unit tests check them against d3's on every window.

/** 1, 2 or 5 × a power of ten, whichever of them is nearest `raw` by ratio (d3's thresholds). */
function niceStep(raw: number): { power: number; factor: number } {
  const power = Math.floor(Math.log10(raw));
  const error = raw / 10 ** power;
  const factor =
    error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1;
  return { power, factor };
}

/**
 * About `count` round values from `start` to `stop` (start ≤ stop, else none), each a
 * multiple of 1, 2 or 5 × 10ⁿ, computed as integers over a scale so that 0.1 + 0.2 prints 0.3.
 */
export function valueTicks(start: number, stop: number, count: number): number[] {
  if (!(count > 0) || !(stop >= start)) return [];
  if (start === stop) return [start];
  const { power, factor } = niceStep((stop - start) / count);
  const spread = (scale: number, divide: boolean) => {
    const at = (i: number) => (divide ? i / scale : i * scale);
    let first = Math.round(divide ? start * scale : start / scale);
    let last = Math.round(divide ? stop * scale : stop / scale);
    if (at(first) < start) first += 1;
    if (at(last) > stop) last -= 1;
    return { first, last, at };
  };
  const s = power < 0 ? spread(10 ** -power / factor, true) : spread(10 ** power * factor, false);
  // Fewer than one tick fits a span asked for one or two: ask for twice as many once.
  if (s.last < s.first && count >= 0.5 && count < 2) return valueTicks(start, stop, count * 2);
  const out: number[] = [];
  for (let i = s.first; i <= s.last; i++) out.push(s.at(i));
  return out;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * A calendar unit in the browser's time zone: how to round down to it, step it, and number it.
 * Below a day, rounding subtracts the local fields rather than setting them: in the hour a clock
 * change repeats, setting a local field picks the first of the two instants, an hour back.
 */
interface Unit {
  floor: (d: Date) => void;
  step: (d: Date) => void;
  /** Which one of its kind this is (the minute of the hour, …): steps of k keep multiples of k. */
  index: (d: Date) => number;
}

const SECONDS: Unit = {
  floor: (d) => d.setTime(d.getTime() - d.getMilliseconds()),
  step: (d) => d.setTime(d.getTime() + SECOND),
  index: (d) => d.getSeconds(),
};
const MINUTES: Unit = {
  floor: (d) => d.setTime(d.getTime() - d.getMilliseconds() - d.getSeconds() * SECOND),
  step: (d) => d.setTime(d.getTime() + MINUTE),
  index: (d) => d.getMinutes(),
};
const HOURS: Unit = {
  floor: (d) =>
    d.setTime(
      d.getTime() - d.getMilliseconds() - d.getSeconds() * SECOND - d.getMinutes() * MINUTE,
    ),
  step: (d) => d.setTime(d.getTime() + HOUR),
  index: (d) => d.getHours(),
};
const DAYS: Unit = {
  floor: (d) => d.setHours(0, 0, 0, 0),
  step: (d) => d.setDate(d.getDate() + 1),
  index: (d) => d.getDate() - 1,
};
const WEEKS: Unit = {
  floor: (d) => {
    d.setDate(d.getDate() - d.getDay()); // back to Sunday
    d.setHours(0, 0, 0, 0);
  },
  step: (d) => d.setDate(d.getDate() + 7),
  index: () => 0,
};

/** The time axis's choices of spacing, finest first, with their nominal length. */
const SPACINGS: readonly { unit: Unit; every: number; ms: number }[] = [
  ...[1, 5, 15, 30].map((every) => ({ unit: SECONDS, every, ms: every * SECOND })),
  ...[1, 5, 15, 30].map((every) => ({ unit: MINUTES, every, ms: every * MINUTE })),
  ...[1, 3, 6, 12].map((every) => ({ unit: HOURS, every, ms: every * HOUR })),
  ...[1, 2].map((every) => ({ unit: DAYS, every, ms: every * DAY })),
  { unit: WEEKS, every: 1, ms: WEEK },
];

/**
 * About `count` round local times from `start` to `stop` (epoch ms, inclusive): every 1, 5, 15
 * or 30 seconds or minutes, 1, 3, 6 or 12 hours, 1 or 2 days (from the 1st of the month) or a
 * week (Sundays), whichever spacing is nearest the span ÷ count by ratio. Local midnights and
 * hours follow the time zone's clock changes. Spans longer than a few weeks get weekly ticks.
 */
export function timeTicks(start: number, stop: number, count: number): number[] {
  if (!(count > 0) || !(stop >= start)) return [];
  const target = (stop - start) / count;
  let i = SPACINGS.findIndex((s) => s.ms > target);
  if (i === -1) i = SPACINGS.length - 1;
  else if (i > 0 && target / SPACINGS[i - 1]!.ms < SPACINGS[i]!.ms / target) i -= 1;
  const { unit, every } = SPACINGS[i]!;
  // The first unit boundary at or after `start`, then each next one (rounded down again after
  // each step: a step across a clock change lands off the boundary, as d3's intervals do).
  const at = new Date(start - 1);
  unit.floor(at);
  unit.step(at);
  unit.floor(at);
  const out: number[] = [];
  for (let last = -Infinity; at.getTime() <= stop && at.getTime() > last;) {
    last = at.getTime();
    if (unit.index(at) % every === 0) out.push(last);
    unit.step(at);
    unit.floor(at);
  }
  return out;
}
