import { randomUUID } from "node:crypto";
import { assertServer } from "@/lib/cloud/server-only";
import type { Job, JobPolicy } from "@/lib/schemas/jobs";
import { isTerminalJobStatus } from "@/lib/schemas/jobs";
import type { ConsoleDb } from "./db";
import type { PlaygroundRun, RunTarget } from "./run-view";

assertServer("lib/console-store/runs");

interface RunRow {
  id: string;
  owner: string;
  target_kind: string;
  target: string;
  job_id: string;
  input: string;
  policy: string | null;
  webhook: string | null;
  status: string;
  delay_time: number | null;
  execution_time: number | null;
  worker_id: string | null;
  output: string | null;
  error: string | null;
  cost: number | null;
  stream: string;
  expired: number;
  local: number;
  has_thumbnail: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

const COLUMNS = `id, owner, target_kind, target, job_id, input, policy, webhook, status, delay_time,
  execution_time, worker_id, output, error, cost, stream, expired, local,
  thumbnail IS NOT NULL AS has_thumbnail, created_at, updated_at, finished_at`;

const parse = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));
const json = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value);
const opt = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

function toRun(row: RunRow): PlaygroundRun {
  const target: RunTarget =
    row.target_kind === "model"
      ? { kind: "model", slug: row.target }
      : { kind: "endpoint", id: row.target };
  return {
    id: row.id,
    target,
    jobId: row.job_id,
    input: parse(row.input),
    policy: parse(row.policy) as JobPolicy | undefined,
    webhook: opt(row.webhook),
    status: row.status as PlaygroundRun["status"],
    delayTime: opt(row.delay_time),
    executionTime: opt(row.execution_time),
    workerId: opt(row.worker_id),
    output: parse(row.output),
    error: parse(row.error),
    cost: opt(row.cost),
    stream: parse(row.stream) as unknown[],
    expired: row.expired === 1,
    local: row.local === 1,
    hasThumbnail: row.has_thumbnail === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: opt(row.finished_at),
  };
}

/** `output.cost` when the platform reported one (hosted models); text models nest it in a list. */
export function costOf(output: unknown): number | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  if (first && typeof first === "object" && "cost" in first) {
    const cost = (first as { cost: unknown }).cost;
    if (typeof cost === "number" && Number.isFinite(cost)) return cost;
  }
  return undefined;
}

export interface NewRun {
  owner: string;
  target: RunTarget;
  jobId: string;
  status: Job["status"];
  input: unknown;
  policy?: JobPolicy;
  webhook?: string;
  local: boolean;
}

/** Runs the console submitted from the playground, per owner (account), newest first. */
export function createRunStore(db: ConsoleDb, now: () => Date = () => new Date()) {
  const byId = db.prepare<[string, string], RunRow>(
    `SELECT ${COLUMNS} FROM playground_runs WHERE id = ? AND owner = ?`,
  );

  return {
    insert(run: NewRun): PlaygroundRun {
      const id = `run_${randomUUID()}`;
      const at = now().toISOString();
      db.prepare(
        `INSERT INTO playground_runs (id, owner, target_kind, target, job_id, input, policy,
           webhook, status, local, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        run.owner,
        run.target.kind,
        run.target.kind === "model" ? run.target.slug : run.target.id,
        run.jobId,
        JSON.stringify(run.input ?? null),
        json(run.policy),
        run.webhook ?? null,
        run.status,
        run.local ? 1 : 0,
        at,
        at,
      );
      return this.get(run.owner, id)!;
    },

    get(owner: string, id: string): PlaygroundRun | undefined {
      const row = byId.get(id, owner);
      return row ? toRun(row) : undefined;
    },

    list(owner: string, options: { target?: RunTarget; limit?: number } = {}): PlaygroundRun[] {
      const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
      const rows = options.target
        ? db
            .prepare<[string, string, string, number], RunRow>(
              `SELECT ${COLUMNS} FROM playground_runs
               WHERE owner = ? AND target_kind = ? AND target = ?
               ORDER BY created_at DESC, rowid DESC LIMIT ?`,
            )
            .all(
              owner,
              options.target.kind,
              options.target.kind === "model" ? options.target.slug : options.target.id,
              limit,
            )
        : db
            .prepare<[string, number], RunRow>(
              `SELECT ${COLUMNS} FROM playground_runs WHERE owner = ?
               ORDER BY created_at DESC, rowid DESC LIMIT ?`,
            )
            .all(owner, limit);
      return rows.map(toRun);
    },

    /** Records what the platform last said about the job, plus newly streamed chunks. */
    update(owner: string, id: string, job: Job, newChunks: readonly unknown[] = []) {
      const current = this.get(owner, id);
      if (!current) return undefined;
      const at = now().toISOString();
      const terminal = isTerminalJobStatus(job.status);
      const stream = [...current.stream, ...newChunks];
      const output = job.output ?? current.output;
      db.prepare(
        `UPDATE playground_runs SET status = ?, delay_time = ?, execution_time = ?, worker_id = ?,
           output = ?, error = ?, cost = ?, stream = ?, updated_at = ?, finished_at = ?
         WHERE id = ? AND owner = ?`,
      ).run(
        job.status,
        job.delayTime ?? current.delayTime ?? null,
        job.executionTime ?? current.executionTime ?? null,
        job.workerId ?? current.workerId ?? null,
        json(output),
        json(job.error ?? current.error),
        costOf(output) ?? current.cost ?? null,
        JSON.stringify(stream),
        at,
        terminal ? (current.finishedAt ?? at) : null,
        id,
        owner,
      );
      return this.get(owner, id);
    },

    /** The platform forgot the job (results expire): keep what we have and say so. */
    markExpired(owner: string, id: string) {
      db.prepare(
        `UPDATE playground_runs SET expired = 1, updated_at = ? WHERE id = ? AND owner = ?`,
      ).run(now().toISOString(), id, owner);
      return this.get(owner, id);
    },

    setThumbnail(owner: string, id: string, image: Buffer) {
      db.prepare(`UPDATE playground_runs SET thumbnail = ? WHERE id = ? AND owner = ?`).run(
        image,
        id,
        owner,
      );
    },

    thumbnail(owner: string, id: string): Buffer | undefined {
      const row = db
        .prepare<[string, string], { thumbnail: Buffer | null }>(
          `SELECT thumbnail FROM playground_runs WHERE id = ? AND owner = ?`,
        )
        .get(id, owner);
      return row?.thumbnail ?? undefined;
    },
  };
}

export type RunStore = ReturnType<typeof createRunStore>;
