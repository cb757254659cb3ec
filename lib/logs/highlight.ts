/** A piece of a line: matched by the search or not. */
export interface Segment {
  text: string;
  match: boolean;
}

/** Splits `text` around every (case-insensitive, non-overlapping) occurrence of `query`. */
export function highlight(text: string, query: string): Segment[] {
  if (query === "") return [{ text, match: false }];
  const hay = text.toLowerCase();
  const needle = query.toLowerCase();
  const out: Segment[] = [];
  let from = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
    if (at > from) out.push({ text: text.slice(from, at), match: false });
    out.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length || out.length === 0) out.push({ text: text.slice(from), match: false });
  return out;
}

/** Occurrences of `query` in `text` (case-insensitive, non-overlapping). */
export function countMatches(text: string, query: string): number {
  if (query === "") return 0;
  const hay = text.toLowerCase();
  const needle = query.toLowerCase();
  let n = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) n++;
  return n;
}
