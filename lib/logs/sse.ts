/** One server-sent event as the wire carries it (`id`, `event`, joined `data` lines). */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/**
 * An incremental `text/event-stream` parser (the HTML standard's rules, minus `retry`): feed it
 * decoded text as it arrives, in chunks of any size, and it returns the complete events. Comments
 * (`: keep-alive`) and events without data are skipped; `\r\n`, `\r` and `\n` all end a line.
 */
export class SseParser {
  private buffer = "";
  private id: string | undefined;
  private event: string | undefined;
  private data: string[] = [];

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone `\r` at the very end may be the first half of `\r\n`: wait for the next chunk.
      if (m[0] === "\r" && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line, out);
    }
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === "") {
      if (this.data.length > 0) {
        out.push({ id: this.id, event: this.event, data: this.data.join("\n") });
      }
      this.data = [];
      this.event = undefined;
      this.id = undefined;
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.id = value;
    else if (field === "event") this.event = value;
  }
}
