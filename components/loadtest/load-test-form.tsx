"use client";

import { useState, type FormEvent } from "react";
import { useWorkerPrice } from "@/components/endpoints/endpoint-prices";
import { FormProblem } from "@/components/forms/form-problem";
import { usd } from "@/components/forms/format";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { controlClasses, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { startLoadTestAction } from "@/lib/actions/load-tests";
import { ACCELERATION, projectLoadTestCost } from "@/lib/loadtest/plan";
import { describeProblem } from "@/lib/queries/describe-problem";
import { usePlaygroundHistory } from "@/lib/queries/playground";
import { useAction } from "@/lib/queries/use-action";
import type { Endpoint } from "@/lib/schemas/endpoints";
import { LOAD_TEST_LIMITS } from "@/lib/schemas/load-test-limits";
import type { LoadTestBody } from "@/lib/schemas/load-tests";

// The schemas (and zod) load at the first start, not with the tab.
const loadSchemas = () => import("@/lib/schemas/load-tests");
type Schemas = Awaited<ReturnType<typeof loadSchemas>>;
import { loadTestKeys } from "./use-load-tests";

export const DEFAULT_BODY = '{\n  "input": {\n    "mock_delay": 1\n  }\n}';

type Errors = Partial<Record<"requests" | "rate" | "body" | "confirm", string>>;

/** The JSON text as a load-test body, or what is wrong with it. */
function parseBody(
  text: string,
  { LoadTestBody }: Schemas,
): { body: LoadTestBody } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
  const parsed = LoadTestBody.safeParse(json);
  if (!parsed.success)
    return {
      error: parsed.error.issues
        .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
        .join("; "),
    };
  return { body: parsed.data };
}

export function LoadTestForm({
  endpoint,
  platform,
  onStarted,
}: {
  endpoint: Endpoint;
  platform: { local: boolean; operator: boolean };
  onStarted: (id: string) => void;
}) {
  const [requests, setRequests] = useState("200");
  const [rate, setRate] = useState("20");
  const [bodyText, setBodyText] = useState(DEFAULT_BODY);
  const [savedRun, setSavedRun] = useState("");
  const [accelerated, setAccelerated] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [serverProblem, setServerProblem] = useState<string | undefined>();
  const start = useAction(startLoadTestAction, [loadTestKeys.list(endpoint.id)]);
  const history = usePlaygroundHistory({ kind: "endpoint", id: endpoint.id });
  const price = useWorkerPrice(endpoint.gpu);
  const saved = history.data?.find((r) => r.id === savedRun);
  const projection = projectLoadTestCost({
    requests: Number(requests) || 0,
    rate: Number(rate) || 1,
    settings: {
      workersMin: endpoint.workers.min,
      workersMax: endpoint.workers.max,
      idleTimeout: endpoint.workers.idleTimeout,
    },
    pricePerWorkerSecond: price?.perSecond ?? null,
    executionMs: saved?.executionTime,
  });

  function chooseSaved(id: string) {
    setSavedRun(id);
    const run = history.data?.find((r) => r.id === id);
    if (!run) return;
    const body = { input: run.input ?? {}, ...(run.policy ? { policy: run.policy } : {}) };
    setBodyText(JSON.stringify(body, null, 2));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setServerProblem(undefined);
    const next: Errors = {};
    const schemas = await loadSchemas();
    const body = parseBody(bodyText, schemas);
    if ("error" in body) next.body = body.error;
    const candidate = {
      endpointId: endpoint.id,
      requests: requests.trim() === "" ? Number.NaN : Number(requests),
      rate: rate.trim() === "" ? Number.NaN : Number(rate),
      body: "body" in body ? body.body : { input: {} },
      accelerated: platform.local && platform.operator && accelerated,
      confirmCost: confirmed,
    };
    const parsed = schemas.StartLoadTestInput.safeParse(candidate);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "requests" || field === "rate") && !next[field]) next[field] = issue.message;
      }
    if (!platform.local && !confirmed)
      next.confirm = "Confirm the projected cost: this platform bills real money.";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await start.mutateAsync(candidate);
    if (!result.ok) {
      const rateError = result.problem.errors?.find((x) => x.startsWith("rate"));
      if (rateError) setErrors({ rate: rateError.replace(/^rate: /, "") });
      else setServerProblem(describeProblem(result.problem));
      return;
    }
    onStarted(result.data.id);
  }

  const savedOptions = [
    { value: "", label: history.isPending ? "Loading saved runs…" : "— type a body below —" },
    ...(history.data ?? []).map((r) => ({
      value: r.id,
      label: `${new Date(r.createdAt).toLocaleString()} · ${r.status} · ${JSON.stringify(r.input).slice(0, 40)}`,
    })),
  ];

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-4" aria-label="New load test">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="lt-requests"
          label="Requests (N)"
          hint={`1 to ${LOAD_TEST_LIMITS.maxRequests.toLocaleString("en-US")}.`}
          error={errors.requests}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="numeric"
              min={1}
              max={LOAD_TEST_LIMITS.maxRequests}
              value={requests}
              onChange={(e) => setRequests(e.target.value)}
            />
          )}
        </Field>
        <Field
          id="lt-rate"
          label="Rate (requests per second)"
          hint={`At most ${LOAD_TEST_LIMITS.maxRate}/s: the job API's /run limit is 1000 per 10 s per endpoint.`}
          error={errors.rate}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="decimal"
              step="any"
              min={LOAD_TEST_LIMITS.minRate}
              value={rate}
              onChange={(e) => setRate(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field
        id="lt-saved"
        label="Body from a saved playground run"
        hint={
          history.data && history.data.length === 0
            ? "No playground runs of this endpoint yet: open it in the playground to save one, or type a body."
            : "Copies that run's input (and policy) into the body."
        }
      >
        {(p) => (
          <Select
            {...p}
            options={savedOptions}
            value={savedRun}
            onChange={(e) => chooseSaved(e.target.value)}
          />
        )}
      </Field>
      <Field
        id="lt-body"
        label="Request body (JSON)"
        hint="Every request sends this to /run. The mock worker waits mock_delay seconds."
        error={errors.body}
      >
        {(p) => (
          <textarea
            {...p}
            rows={5}
            spellCheck={false}
            value={bodyText}
            onChange={(e) => setBodyText(e.target.value)}
            className={`${controlClasses} py-2 font-mono text-[13px]`}
          />
        )}
      </Field>
      {platform.local && (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={accelerated}
              disabled={!platform.operator}
              onChange={(e) => setAccelerated(e.target.checked)}
              aria-describedby="lt-accelerated-hint"
            />
            Accelerated clock (up to {ACCELERATION}× real time)
          </label>
          <p id="lt-accelerated-hint" className="text-sm text-neutral-600 dark:text-neutral-400">
            {platform.operator
              ? "Freezes the local platform's clock and moves it a step at a time (a second, longer for long runs), so an hour of traffic plays out in under a minute. Every account on this platform shares the clock; it goes back to real time when the run ends."
              : "Needs the operator credential (the local platform's own key): the clock is shared by every account."}
          </p>
        </div>
      )}
      <p
        className="rounded-md bg-neutral-50 px-3 py-2 text-sm dark:bg-neutral-900"
        aria-live="polite"
      >
        {projection && price
          ? `Projected cost: at most ${usd(projection.upperBound)} (${endpoint.workers.max} workers on ${price.pool} at ${usd(price.perSecond * 3600)}/h each for the ${Math.ceil(projection.sendSeconds)} s of sending plus the idle timeout${projection.executionOnly !== null ? `; ≈ ${usd(projection.executionOnly)} of execution time at the saved run's ${saved?.executionTime} ms` : ""}).`
          : "Projected cost: unknown until the GPU catalogue has loaded."}
        {platform.local ? " The local platform charges its own test balance, not money." : ""}
      </p>
      {!platform.local && (
        <Field id="lt-confirm" label="Confirmation" error={errors.confirm}>
          {(p) => (
            <label className="flex items-center gap-2 text-sm">
              <input
                {...p}
                type="checkbox"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />
              This platform bills real money: I accept the projected cost.
            </label>
          )}
        </Field>
      )}
      <FormProblem message={serverProblem} />
      <Button type="submit" pending={start.isPending}>
        Start load test
      </Button>
    </form>
  );
}
