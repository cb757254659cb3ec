import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TimerHeap, type HeapTimer } from "./timer-heap";

const timer = (due: number, order: number): HeapTimer => ({
  due,
  order,
  fn: () => undefined,
  cancelled: false,
});

describe("TimerHeap", () => {
  it("pops timers by due time, then by insertion order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), (dues) => {
        const heap = new TimerHeap();
        dues.forEach((d, i) => heap.push(timer(d, i)));
        const out: HeapTimer[] = [];
        for (let t = heap.pop(); t; t = heap.pop()) out.push(t);
        const expected = dues
          .map((d, i) => timer(d, i))
          .sort((a, b) => a.due - b.due || a.order - b.order);
        expect(out.map((t) => [t.due, t.order])).toEqual(expected.map((t) => [t.due, t.order]));
      }),
    );
  });

  it("peek skips cancelled timers", () => {
    const heap = new TimerHeap();
    const a = timer(1, 0);
    const b = timer(2, 1);
    heap.push(a);
    heap.push(b);
    a.cancelled = true;
    expect(heap.peek()).toBe(b);
    expect(heap.size).toBe(1);
  });
});
