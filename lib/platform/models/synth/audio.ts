import { rngFrom } from "./random";

const SAMPLE_RATE = 16_000;

/** A RIFF/WAVE header for 16-bit mono PCM. */
function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write("WAVE", 8, "ascii");
  h.write("fmt ", 12, "ascii");
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write("data", 36, "ascii");
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/**
 * A WAV file of exactly `seconds`: a sequence of soft tones (one per syllable-sized step) whose
 * pitches follow the hash of `key`, so equal requests sound the same.
 */
export function syntheticSpeech(key: string, seconds: number): Buffer {
  const rng = rngFrom(key);
  const samples = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  const data = Buffer.alloc(samples * 2);
  const step = Math.round(SAMPLE_RATE * 0.18);
  let freq = 180;
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const pos = i % step;
    if (pos === 0) freq = 140 + rng.int(0, 160);
    const envelope = Math.sin((Math.PI * pos) / step) ** 2;
    phase += (2 * Math.PI * freq) / SAMPLE_RATE;
    const v = envelope * (0.6 * Math.sin(phase) + 0.25 * Math.sin(2 * phase));
    data.writeInt16LE(Math.round(v * 0.5 * 32767), i * 2);
  }
  return Buffer.concat([wavHeader(data.length), data]);
}

/** Duration of a 16-bit PCM WAV produced here (or any canonical 44-byte-header WAV). */
export function wavSeconds(wav: Buffer): number {
  const byteRate = wav.readUInt32LE(28);
  const dataBytes = wav.readUInt32LE(40);
  return dataBytes / byteRate;
}
