"use client";

import type { EnvRow } from "@/components/forms/env-rows";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const SETTINGS = [
  {
    key: "PORT",
    label: "Server port (PORT)",
    placeholder: "80",
    hint: "Where your worker's HTTP server listens. Default 80.",
  },
  {
    key: "PORT_HEALTH",
    label: "Health-check port (PORT_HEALTH)",
    placeholder: "80",
    hint: "Default: the server port.",
  },
  {
    key: "HEALTH_CHECK_PATH",
    label: "Health-check path (HEALTH_CHECK_PATH)",
    placeholder: "/ping",
    hint: "Polled by the load balancer; a worker gets traffic once it answers 200. Default /ping.",
  },
] as const;

/**
 * The load balancer's settings are environment variables of the worker: these fields edit the
 * same rows as the environment editor below, so there is one source of truth.
 */
export function LbEnvFields({
  rows,
  onChange,
}: {
  rows: readonly EnvRow[];
  onChange: (next: EnvRow[]) => void;
}) {
  function set(key: string, value: string) {
    const others = rows.filter((r) => r.key.trim() !== key);
    if (value === "") onChange(others);
    else if (others.length === rows.length) onChange([...rows, { key, value }]);
    else onChange(rows.map((r) => (r.key.trim() === key ? { key, value } : r)));
  }
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Load balancer settings</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {SETTINGS.map((s) => (
          <Field key={s.key} id={`lb-${s.key}`} label={s.label} hint={s.hint}>
            {(p) => (
              <Input
                {...p}
                className="font-mono"
                placeholder={s.placeholder}
                value={rows.find((r) => r.key.trim() === s.key)?.value ?? ""}
                onChange={(e) => set(s.key, e.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
