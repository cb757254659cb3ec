"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/define-action";
import { describeProblem } from "@/lib/queries/describe-problem";
import { useClock } from "@/lib/queries/devtools";
import { settleAction } from "@/lib/queries/settle-action";

/** The clock's two server actions, fetched with the first click: the band is on every page. */
const clockActions = () => import("@/lib/actions/devtools");

const STEPS = [
  { label: "+1 s", ms: 1_000 },
  { label: "+1 min", ms: 60_000 },
  { label: "+1 h", ms: 3_600_000 },
  { label: "+1 day", ms: 86_400_000 },
] as const;

// Time moves everything (jobs, workers, pods, bills): every query is refreshed after a change.
const EVERYTHING = [[]] as const;

const chip =
  "rounded border border-white/40 px-1.5 py-0.5 text-xs font-medium hover:bg-white/15 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * The platform clock on the local platform band: its time and mode, a real/manual switch and
 * steps that advance a manual clock (every timer due on the way fires). One clock serves every
 * account, so only the operator credential reads or moves it; other keys see why not.
 */
export function ClockControl({ operator }: { operator: boolean }) {
  const toast = useToast();
  const client = useQueryClient();
  const clock = useClock(operator);
  const [busy, setBusy] = useState(false);

  /** Runs one of the clock's actions (one at a time) and says in a toast when it failed. */
  async function run(
    what: string,
    call: (actions: Awaited<ReturnType<typeof clockActions>>) => Promise<ActionResult<unknown>>,
  ) {
    setBusy(true);
    try {
      const result = await call(await clockActions());
      await settleAction(client, result, EVERYTHING);
      if (!result.ok)
        toast({
          tone: "error",
          title: `${what} failed`,
          description: describeProblem(result.problem),
        });
    } catch {
      toast({
        tone: "error",
        title: `${what} failed`,
        description: "The console could not be reached; try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  if (!operator)
    return (
      <span role="group" aria-label="Platform clock" className="ml-3 text-xs">
        Platform time is controlled with the operator credential (the local key of{" "}
        <span className="font-mono">npm start</span>).
      </span>
    );
  if (!clock.data) return null;
  const manual = clock.data.mode === "manual";
  return (
    <span
      role="group"
      aria-label="Platform clock"
      className="ml-3 inline-flex flex-wrap items-center gap-1.5 align-middle"
    >
      <span
        className="rounded bg-white/20 px-1 text-xs font-semibold"
        title="The signed-in key is the operator credential"
      >
        operator
      </span>
      <span className="font-mono text-xs" data-testid="platform-clock">
        <ModeIcon manual={manual} /> {clock.data.iso.replace("T", " ").slice(0, 19)} UTC (
        {clock.data.mode})
      </span>
      <button
        type="button"
        className={chip}
        disabled={busy}
        aria-pressed={manual}
        onClick={() => run("Clock switch", (a) => a.setClock({ mode: manual ? "real" : "manual" }))}
      >
        {manual ? "Use real time" : "Freeze time"}
      </button>
      {manual &&
        STEPS.map((s) => (
          <button
            key={s.ms}
            type="button"
            className={chip}
            disabled={busy}
            aria-label={`Advance the platform clock ${s.label.slice(1)}`}
            onClick={() => run("Advance", (a) => a.advanceClock({ ms: s.ms }))}
          >
            {s.label}
          </button>
        ))}
    </span>
  );
}

/**
 * Paused or playing, drawn rather than typed: the band's font stack has no glyph for U+23F8, so
 * a character showed as a missing-glyph box. The mode is also spelled out beside it.
 */
function ModeIcon({ manual }: { manual: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 10 10"
      className="inline-block size-2.5 align-[-1px]"
      fill="currentColor"
    >
      {manual ? (
        <>
          <rect x="1.5" y="1" width="2.5" height="8" rx="0.5" />
          <rect x="6" y="1" width="2.5" height="8" rx="0.5" />
        </>
      ) : (
        <path d="M2 1 L9 5 L2 9 Z" />
      )}
    </svg>
  );
}
