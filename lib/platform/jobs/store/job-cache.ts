import type { JobsTable } from "../../store/schema-jobs";

// A few seconds of `/run` at full speed: the jobs clients poll and wait for. Each row is a few KB of
// heap; 50,000 of them put the platform over its 300 MB memory budget under load.
const CACHE_SIZE = 10_000;

/**
 * Embedded store only (one process writes): every job row the repository writes or reads is kept,
 * so `/status` and waiters answer from memory with the store as the record. Bounded: the least
 * recently written rows go first (they are read again from the store). PostgreSQL is shared by
 * instances, so there every read goes to the store.
 */
export class JobCache {
  private readonly rows = new Map<string, JobsTable>();

  get(id: string): JobsTable | undefined {
    return this.rows.get(id);
  }

  set(row: JobsTable): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > CACHE_SIZE) {
      for (const id of this.rows.keys()) {
        this.rows.delete(id);
        if (this.rows.size <= CACHE_SIZE * 0.9) break;
      }
    }
  }

  delete(id: string): void {
    this.rows.delete(id);
  }

  clear(): void {
    this.rows.clear();
  }
}
