"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  PRESETS,
  windowToSearch,
  type BillingWindow,
  type PresetId,
} from "@/lib/queries/billing-window";

const BUCKETS = ["hour", "day", "week", "month"] as const;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The billing window: a preset, or a custom start/end and bucket size. It lives in the URL. */
export function BillingWindowPicker({ window }: { window: BillingWindow }) {
  const router = useRouter();
  const [range, setRange] = useState<PresetId | "custom">(
    window.kind === "preset" ? window.preset : "custom",
  );
  const [start, setStart] = useState(window.kind === "custom" ? window.start : daysAgo(30));
  const [end, setEnd] = useState(window.kind === "custom" ? window.end : today());
  const [bucket, setBucket] = useState(window.bucketSize);
  const [error, setError] = useState<string | undefined>();

  const go = (w: BillingWindow) => router.push(`/billing?${windowToSearch(w)}`);

  function choose(next: string) {
    const preset = PRESETS.find((p) => p.id === next);
    setRange(preset ? preset.id : "custom");
    if (preset)
      go({
        kind: "preset",
        preset: preset.id,
        bucketSize: preset.bucketSize,
        lastN: preset.lastN,
      });
  }
  function apply(e: FormEvent) {
    e.preventDefault();
    if (!start || !end || start >= end) {
      setError("The end date must be after the start date.");
      return;
    }
    setError(undefined);
    go({ kind: "custom", start, end, bucketSize: bucket });
  }

  return (
    <form
      aria-label="Billing period"
      onSubmit={apply}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <Field id="billing-range" label="Period">
        {(p) => (
          <Select
            {...p}
            value={range}
            onChange={(e) => choose(e.target.value)}
            options={[
              ...PRESETS.map((p) => ({ value: p.id, label: p.label })),
              { value: "custom", label: "Custom range…" },
            ]}
          />
        )}
      </Field>
      {range === "custom" && (
        <>
          <Field id="billing-start" label="From">
            {(p) => (
              <Input {...p} type="date" value={start} onChange={(e) => setStart(e.target.value)} />
            )}
          </Field>
          <Field id="billing-end" label="To (inclusive)" error={error}>
            {(p) => (
              <Input {...p} type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
            )}
          </Field>
          <Field id="billing-bucket" label="Per">
            {(p) => (
              <Select
                {...p}
                value={bucket}
                onChange={(e) => setBucket(e.target.value as (typeof BUCKETS)[number])}
                options={BUCKETS.map((b) => ({ value: b, label: b }))}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </>
      )}
    </form>
  );
}
