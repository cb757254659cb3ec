import { createHash } from "node:crypto";

/**
 * A deterministic random stream from any text (prompt, seed, model): mulberry32 seeded with the
 * SHA-256 of the text, so equal inputs give equal outputs and any change gives different ones.
 */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function rngFrom(text: string): Rng {
  const digest = createHash("sha256").update(text).digest();
  let state = digest.readUInt32LE(0) ^ digest.readUInt32LE(4) ^ digest.readUInt32LE(8);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/** `hsl()` colour from the stream. */
export function colour(rng: Rng, light: [number, number] = [35, 70]): string {
  return `hsl(${rng.int(0, 359)}, ${rng.int(45, 90)}%, ${rng.int(light[0], light[1])}%)`;
}

/** Text safe inside SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}
