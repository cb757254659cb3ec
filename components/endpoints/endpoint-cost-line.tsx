"use client";

import { useState, type KeyboardEvent, type ReactNode } from "react";
import { usd } from "@/components/forms/format";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { projectTraffic, usdEstimate } from "@/lib/pricing/serverless-cost";
import { projectCost, workerPrice, type GpuPool } from "./gpu-pools";

/** The projected cost of the current choices, in words (the traffic estimate is TrafficProjection). */
export function EndpointCostLine({
  pools,
  gpu,
  workers,
}: {
  pools: readonly GpuPool[];
  gpu: { pools?: string[]; count?: number } | undefined;
  workers: { min?: number; max?: number } | undefined;
}) {
  const first = pools.find((p) => p.id === gpu?.pools?.[0]);
  const cost = projectCost(first, gpu?.count ?? 1, workers?.min, workers?.max);
  return (
    <div className="rounded-md bg-neutral-50 px-3 py-2 text-sm dark:bg-neutral-900">
      <p aria-live="polite">
        {cost && first ? (
          <>
            Projected cost: each running worker on {first.id} costs{" "}
            <strong>{usd(cost.perWorkerSecond)}/s</strong> ({usd(cost.perWorkerHour)}/h).{" "}
            {cost.minPerDay > 0
              ? `${workers?.min} always-on worker(s) ≈ ${usd(cost.minPerDay)}/day even when idle. `
              : "Nothing while idle (min workers 0). "}
            All {workers?.max ?? 0} workers busy ≈ {usd(cost.maxPerHour)}/h.
          </>
        ) : (
          "Projected cost: choose a GPU pool to see the price per worker-second."
        )}
      </p>
    </div>
  );
}

/** A positive number typed into a field, or the reason it is not one. */
function parsePositive(text: string, what: string): { value: number } | { error: string } {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) return { error: `Enter the ${what}.` };
  if (value <= 0) return { error: `The ${what} must be more than 0.` };
  return { value };
}

// Enter in these estimate-only fields must not submit the endpoint form.
const keepFormClosed = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === "Enter") e.preventDefault();
};

/**
 * "At N requests/min of T s each ≈ $X/day": the traffic fields are an estimate only; they are not
 * part of the endpoint and are never sent to the platform.
 */
export function TrafficProjection({
  pools,
  gpu,
  workers,
}: {
  pools: readonly GpuPool[];
  gpu: { pools?: string[]; count?: number } | undefined;
  workers: { min?: number; max?: number } | undefined;
}) {
  const [rpmText, setRpmText] = useState("10");
  const [secondsText, setSecondsText] = useState("2");
  const rpm = parsePositive(rpmText, "requests per minute");
  const seconds = parsePositive(secondsText, "average execution time");
  const price = workerPrice(pools, gpu);
  const min = Number.isFinite(workers?.min) ? (workers?.min ?? 0) : 0;
  const max = Number.isFinite(workers?.max) ? (workers?.max ?? 0) : 0;

  let summary: ReactNode;
  if (!price) summary = "Choose a GPU pool to project a daily cost from your traffic.";
  else if ("error" in rpm || "error" in seconds)
    summary = "Enter your expected traffic to project a daily cost.";
  else {
    const p = projectTraffic({
      pricePerWorkerSecond: price.perSecond,
      requestsPerMinute: rpm.value,
      executionSeconds: seconds.value,
      minWorkers: min,
      maxWorkers: max,
    });
    const ceiling = Math.max(min, max);
    summary = (
      <>
        <span>
          At {rpm.value} requests/min of {seconds.value} s each ≈{" "}
          <strong>{usdEstimate(p.perDay)}/day</strong>
        </span>{" "}
        ({usdEstimate(p.perRequest)} per request; ≈ {p.busyWorkers.toFixed(2)} workers busy on
        average
        {p.alwaysOnPerDay > 0
          ? `; includes ${usdEstimate(p.alwaysOnPerDay)}/day for ${min} always-on worker(s)`
          : ""}
        ).{" "}
        {p.queues ? (
          <strong className="text-amber-800 dark:text-amber-300">
            {ceiling === 0
              ? "Max workers is 0: no worker can start, so every request would wait in the queue."
              : `This traffic needs ${p.workersNeeded} workers busy at once but max workers is ${ceiling}: jobs would queue. ${ceiling} worker(s) finish at most ${Math.floor(p.capacityPerMinute)} requests/min; the cost shown is for that.`}
          </strong>
        ) : null}{" "}
        Cold starts and idle-timeout time are billed on top.
      </>
    );
  }

  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">Cost at your traffic</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TrafficInput
          id="traffic-rpm"
          label="Expected requests per minute"
          hint="Estimate only; not saved with the endpoint."
          value={rpmText}
          onChange={setRpmText}
          error={"error" in rpm ? rpm.error : undefined}
        />
        <TrafficInput
          id="traffic-seconds"
          label="Average execution time (s)"
          hint="Per request, once a worker has it."
          value={secondsText}
          onChange={setSecondsText}
          error={"error" in seconds ? seconds.error : undefined}
        />
      </div>
      <p aria-live="polite" id="traffic-projection-summary">
        {summary}
      </p>
    </fieldset>
  );
}

/** A non-negative decimal the projection reads; Enter never submits the surrounding form. */
function TrafficInput({
  id,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(p) => (
        <Input
          {...p}
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={keepFormClosed}
        />
      )}
    </Field>
  );
}
