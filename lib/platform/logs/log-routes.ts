import { z } from "zod";

/** The documented 200 of a log stream (`text/event-stream`). */
export const LogEventStream = z.string().meta({
  description:
    'Server-sent events, one per log line: `id: <RFC 3339 time>/<12-digit sequence>` and `data: {"ts","source","line"}`. Resume with `Last-Event-ID` (wins over `since`, which wins over `tail`).',
});
