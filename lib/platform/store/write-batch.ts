interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/** Statements of one batch kind on their way at once; more writes wait and go together. */
const IN_FLIGHT = 2;

/**
 * Group commit for PostgreSQL: writes of one kind go to the server as one statement (`writeAll`),
 * so a burst of N pays for one round trip and one commit instead of N. A write waits for nothing
 * when the server is idle (it goes as soon as the code that issued it has run, with whatever that
 * code issued too); while statements are on their way, new writes gather and go together when one
 * lands — the busier the server, the larger the batches. Each write resolves only once its
 * statement committed, with its own result (`writeAll` answers one per item, in order). When the
 * shared statement fails, each write is tried alone (`writeOne`), so one bad write never fails
 * the others.
 */
export class WriteBatch<T, R = unknown> {
  private queue: Pending<T, R>[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly writeAll: (items: T[]) => Promise<R[] | void>,
    private readonly writeOne: (item: T) => Promise<R>,
    /** The most writes per statement (PostgreSQL takes at most 65,535 parameters). */
    private readonly max = 200,
  ) {}

  write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      const batch = this.queue.splice(0, this.max);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
      this.schedule();
    });
  }

  private async send(batch: Pending<T, R>[]): Promise<void> {
    if (batch.length === 1) {
      const [one] = batch;
      return this.writeOne(one!.item).then(one!.resolve, one!.reject);
    }
    try {
      const results = await this.writeAll(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve((results ? results[i] : undefined) as R));
    } catch {
      await Promise.all(batch.map((p) => this.writeOne(p.item).then(p.resolve, p.reject)));
    }
  }
}
