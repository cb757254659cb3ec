import type { z } from "zod";
import type { EnvRows } from "./env-rows-schema";

/** One environment variable row of a form (the rows' schema is ./env-rows-schema). */
export type EnvRow = z.infer<typeof EnvRows>[number];

/** Rows → `env`; rows without a name are dropped. */
export const rowsToEnv = (rows: readonly EnvRow[]) =>
  Object.fromEntries(rows.filter((r) => r.key.trim() !== "").map((r) => [r.key.trim(), r.value]));
export const envToRows = (env: Record<string, string> | undefined): EnvRow[] =>
  Object.entries(env ?? {}).map(([key, value]) => ({ key, value }));

/** A number input's text as a form value: "" is "not set". */
export const asNumber = {
  setValueAs: (v: unknown) => (v === "" || v === undefined ? undefined : Number(v)),
};
