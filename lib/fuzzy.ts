/**
 * A forgiving match for the command palette: every character of the query appears in the text in
 * order (case-insensitive, spaces in the query ignored). The score prefers what people mean:
 * an exact or prefix match, then characters at word starts and in runs, then shorter texts.
 * Null when the text does not match.
 */
export function fuzzyScore(text: string, query: string): number | null {
  const needle = query.toLowerCase().replace(/\s+/g, "");
  if (needle === "") return 0;
  const hay = text.toLowerCase();
  if (hay === needle) return 1000;
  const at = hay.indexOf(needle);
  if (at === 0) return 900 - hay.length / 100;
  if (at > 0) {
    const boundary = !/[a-z0-9]/.test(hay[at - 1] ?? "");
    return (boundary ? 800 : 700) - at - hay.length / 100;
  }
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const char of needle) {
    const found = hay.indexOf(char, from);
    if (found === -1) return null;
    const boundary = found === 0 || !/[a-z0-9]/.test(hay[found - 1] ?? "");
    score += found === previous + 1 ? 8 : boundary ? 6 : 1;
    previous = found;
    from = found + 1;
  }
  return score - hay.length / 100;
}

/** The best score of any of `texts` (a name, an id…), or null when none matches. */
export function bestScore(texts: readonly string[], query: string): number | null {
  let best: number | null = null;
  for (const text of texts) {
    const score = fuzzyScore(text, query);
    if (score !== null && (best === null || score > best)) best = score;
  }
  return best;
}
