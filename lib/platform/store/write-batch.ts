interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for PostgreSQL: writes of one kind issued in the same turn of the event loop go to
 * the server as one statement (`writeAll`), so a burst of N pays for one round trip and one commit
 * instead of N. Each write resolves only once its statement committed, with its own result
 * (`writeAll` answers one per item, in order). When the shared statement fails, each write is tried
 * alone (`writeOne`), so one bad write never fails the others.
 */
export class WriteBatch<T, R = unknown> {
  private queue: Pending<T, R>[] = [];
  private scheduled = false;

  constructor(
    private readonly writeAll: (items: T[]) => Promise<R[] | void>,
    private readonly writeOne: (item: T) => Promise<R>,
    /** The most writes per statement (PostgreSQL takes at most 65,535 parameters). */
    private readonly max = 200,
  ) {}

  write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const all = this.queue;
    this.queue = [];
    for (let i = 0; i < all.length; i += this.max) await this.send(all.slice(i, i + this.max));
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
