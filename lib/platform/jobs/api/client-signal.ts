import type { ServerResponse } from "node:http";

/** Enough of an AbortSignal to learn that a held request's client went away (AbortSignal fits). */
export interface ClientSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * The response's `close` before it finished: the client left. On the hot path this replaces the
 * request's AbortSignal, whose creation (a transferable AbortController per request) costs more
 * than the rest of a status read.
 */
export class ResponseClosedSignal implements ClientSignal {
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(private readonly res: ServerResponse) {}

  get aborted(): boolean {
    return this.closed || (this.res.destroyed && !this.res.writableFinished);
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (this.listeners.size === 0) this.res.on("close", this.onClose);
    this.listeners.add(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.res.off("close", this.onClose);
  }

  private readonly onClose = () => {
    if (this.res.writableFinished) return;
    this.closed = true;
    for (const fn of [...this.listeners]) fn();
  };
}
