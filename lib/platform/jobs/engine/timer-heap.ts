export interface HeapTimer {
  due: number;
  order: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * Min-heap of in-memory timers by (due, order). Cancelled timers are dropped lazily when they reach
 * the top, so cancelling (every answered long-poll cancels its deadline) is O(1).
 */
export class TimerHeap {
  private items: HeapTimer[] = [];

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items = [];
  }

  push(t: HeapTimer): void {
    const a = this.items;
    a.push(t);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }

  /** The earliest live timer, dropping cancelled ones on the way. */
  peek(): HeapTimer | undefined {
    while (this.items.length > 0 && this.items[0]!.cancelled) this.pop();
    return this.items[0];
  }

  pop(): HeapTimer | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l]!, a[m]!)) m = l;
        if (r < a.length && less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

function less(x: HeapTimer, y: HeapTimer): boolean {
  return x.due < y.due || (x.due === y.due && x.order < y.order);
}
