import { describe, expect, it } from "vitest";
import { SseParser } from "./sse";

describe("SseParser", () => {
  it("returns events as they complete, across chunks split anywhere", () => {
    const wire =
      ': log stream\n\nid: 2026-06-01T12:00:00.000Z/000000000001\ndata: {"a":1}\n\n' +
      'id: 2026-06-01T12:00:01.000Z/000000000002\ndata: {"b":2}\n\n';
    for (let cut = 0; cut <= wire.length; cut++) {
      const p = new SseParser();
      const events = [...p.push(wire.slice(0, cut)), ...p.push(wire.slice(cut))];
      expect(events).toEqual([
        { id: "2026-06-01T12:00:00.000Z/000000000001", event: undefined, data: '{"a":1}' },
        { id: "2026-06-01T12:00:01.000Z/000000000002", event: undefined, data: '{"b":2}' },
      ]);
    }
  });

  it("skips comments and keep-alives, joins data lines, and reads CRLF and CR line ends", () => {
    const p = new SseParser();
    expect(p.push(": keep-alive\n\n")).toEqual([]);
    expect(p.push("event: x\r\ndata: one\r\ndata: two\r\n\r\n")).toEqual([
      { id: undefined, event: "x", data: "one\ntwo" },
    ]);
    expect(p.push("data:no space\r")).toEqual([]);
    expect(p.push("\r\n")).toEqual([{ id: undefined, event: undefined, data: "no space" }]);
  });

  it("holds an unfinished event until its blank line arrives", () => {
    const p = new SseParser();
    expect(p.push("id: 1\ndata: x\n")).toEqual([]);
    expect(p.push("\n")).toEqual([{ id: "1", event: undefined, data: "x" }]);
  });
});
