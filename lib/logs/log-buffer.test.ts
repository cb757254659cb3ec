import { describe, expect, it } from "vitest";
import {
  formatMergedCursor,
  isAfter,
  LogBuffer,
  logRecordOf,
  parseMergedCursor,
  type LogRecord,
} from "./log-buffer";

const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, s)).toISOString();
const id = (s: number, seq: number) => `${at(s)}/${String(seq).padStart(12, "0")}`;
function rec(s: number, seq: number, worker = "", line = `line ${seq}`): LogRecord {
  return { id: id(s, seq), worker, iso: at(s), ts: Date.parse(at(s)), source: "container", line };
}

describe("log events", () => {
  it("reads a single stream's event and a merged stream's event (naming its worker)", () => {
    const data = JSON.stringify({ ts: at(1), source: "system", line: "hi" });
    expect(logRecordOf({ id: id(1, 7), data })).toMatchObject({
      id: id(1, 7),
      worker: "",
      source: "system",
      line: "hi",
      ts: Date.parse(at(1)),
    });
    const merged = JSON.stringify({ ts: at(1), source: "container", line: "x", worker: "w1" });
    expect(logRecordOf({ id: `w1=${id(1, 3)}`, data: merged })).toMatchObject({
      id: id(1, 3),
      worker: "w1",
    });
  });

  it("ignores events without an id or with data that is not a log line", () => {
    expect(logRecordOf({ data: "{}" })).toBeNull();
    expect(logRecordOf({ id: "x", data: "not json" })).toBeNull();
    expect(logRecordOf({ id: "x", data: '{"line":1}' })).toBeNull();
  });

  it("orders ids by time, then sequence; a bare time comes before that time's lines", () => {
    expect(isAfter(id(2, 1), id(1, 9))).toBe(true);
    expect(isAfter(id(1, 2), id(1, 1))).toBe(true);
    expect(isAfter(id(1, 1), id(1, 1))).toBe(false);
    expect(isAfter(id(1, 1), at(1))).toBe(true);
    // Without milliseconds (the real service's form) compares by value too.
    expect(isAfter("2026-06-01T12:00:01Z/000000000002", id(1, 1))).toBe(true);
  });
});

describe("LogBuffer", () => {
  it("keeps only the last `cap` lines and counts the dropped ones", () => {
    const b = new LogBuffer(3);
    b.add([1, 2, 3, 4, 5].map((n) => rec(n, n)));
    expect(b.lines.map((l) => l.line)).toEqual(["line 3", "line 4", "line 5"]);
    expect(b.dropped).toBe(2);
  });

  it("drops lines sent again after a reconnect (at or before the stream's last line)", () => {
    const b = new LogBuffer();
    expect(b.add([rec(1, 1), rec(1, 2)])).toBe(2);
    expect(b.add([rec(1, 2), rec(1, 1), rec(2, 3)])).toBe(1);
    expect(b.lines.map((l) => l.id)).toEqual([id(1, 1), id(1, 2), id(2, 3)]);
    expect(b.cursor().get("")).toBe(id(2, 3));
  });

  it("interleaves workers' lines by time and dedupes each worker on its own sequence", () => {
    const b = new LogBuffer();
    b.add([rec(1, 1, "a"), rec(3, 2, "a")]);
    b.add([rec(2, 1, "b"), rec(4, 2, "b"), rec(1, 1, "a")]);
    expect(b.lines.map((l) => `${l.worker}${l.ts - Date.parse(at(0))}`)).toEqual([
      "a1000",
      "b2000",
      "a3000",
      "b4000",
    ]);
    expect(Object.fromEntries(b.cursor())).toEqual({ a: id(3, 2), b: id(4, 2) });
  });

  it("clear() forgets lines, cursor and the dropped count", () => {
    const b = new LogBuffer(1);
    b.add([rec(1, 1), rec(1, 2)]);
    b.clear();
    expect([b.lines.length, b.dropped, b.cursor().size]).toEqual([0, 0, 0]);
  });
});

describe("merged cursor (the endpoint stream's Last-Event-ID)", () => {
  it("round-trips each worker's last event id", () => {
    const cursor = new Map([
      ["w1", id(1, 1)],
      ["w-2", id(2, 9)],
    ]);
    const header = formatMergedCursor(cursor);
    expect(header).toBe(`w1=${id(1, 1)};w-2=${id(2, 9)}`);
    expect(parseMergedCursor(header)).toEqual(cursor);
  });

  it("leaves out malformed parts", () => {
    expect(parseMergedCursor(`=x;w1=garbage;w 2=${id(1, 1)};ok=${id(1, 1)}`)).toEqual(
      new Map([["ok", id(1, 1)]]),
    );
    expect(parseMergedCursor(undefined).size).toBe(0);
  });
});
