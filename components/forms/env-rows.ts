import { z } from "zod";

/** Environment variables as the forms hold them: editable rows, turned into `env` on submit. */
export const EnvRows = z.array(
  z.object({
    key: z
      .string()
      .regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/, "letters, digits and _, not starting with a digit"),
    value: z.string(),
  }),
);
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
