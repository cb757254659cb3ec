import { ArrayBufferTarget, Muxer } from "webm-muxer";

/**
 * VP8-in-WebM without a video encoder: a lossy WebP file is a RIFF container around one VP8
 * keyframe, so frames encoded as WebP (by sharp) become a WebM video once their `VP8 ` chunks are
 * muxed (webm-muxer). Every frame is a keyframe: bigger than a real encoder's output, but every
 * browser that plays WebM plays it, and seeking is exact.
 *
 * Shared by the local platform (which makes the clips) and the console (which reads a clip's first
 * frame for the run-history thumbnail), so it imports nothing of ours.
 */

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The VP8 keyframe of a lossy WebP (simple `VP8 ` or extended `VP8X` layout). */
export function vp8FromWebp(webp: Uint8Array): Uint8Array {
  if (webp.length < 12 || ascii(webp, 0, 4) !== "RIFF" || ascii(webp, 8, 4) !== "WEBP")
    throw new Error("not a WebP file");
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  let at = 12;
  while (at + 8 <= webp.length) {
    const fourcc = ascii(webp, at, 4);
    const size = view.getUint32(at + 4, true);
    if (fourcc === "VP8 ") return webp.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  throw new Error("the WebP file holds no lossy VP8 frame (lossless or animated?)");
}

/** A still WebP of one VP8 keyframe (what sharp or an <img> can read). */
export function webpFromVp8(frame: Uint8Array): Uint8Array {
  const pad = frame.length % 2;
  const out = new Uint8Array(20 + frame.length + pad);
  const view = new DataView(out.buffer);
  out.set([0x52, 0x49, 0x46, 0x46], 0); // RIFF
  view.setUint32(4, 12 + frame.length + pad, true);
  out.set([0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20], 8); // WEBPVP8␠
  view.setUint32(16, frame.length, true);
  out.set(frame, 20);
  return out;
}

export interface WebmFrame {
  /** A VP8 keyframe (see vp8FromWebp). */
  data: Uint8Array;
  /** Presentation time in microseconds, from 0, increasing. */
  timestampUs: number;
}

/**
 * Muxes VP8 keyframes into a WebM file lasting `durationUs`: the muxer records the last frame's
 * time as the duration, so the last frame is repeated at the end to make the file last as long as
 * asked (a player shows the last picture until then).
 */
export function muxVp8Webm(opts: {
  frames: readonly WebmFrame[];
  width: number;
  height: number;
  frameRate: number;
  durationUs: number;
}): Uint8Array {
  const last = opts.frames[opts.frames.length - 1];
  if (!last) throw new Error("a video needs at least one frame");
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: "V_VP8", width: opts.width, height: opts.height, frameRate: opts.frameRate },
  });
  for (const f of opts.frames) muxer.addVideoChunkRaw(f.data, "key", f.timestampUs);
  if (opts.durationUs > last.timestampUs) muxer.addVideoChunkRaw(last.data, "key", opts.durationUs);
  muxer.finalize();
  return new Uint8Array(muxer.target.buffer);
}

// --- Reading a WebM file (EBML) ---------------------------------------------------------------

const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
};
const MASTERS = new Set([
  ID.segment,
  ID.info,
  ID.tracks,
  ID.trackEntry,
  ID.video,
  ID.cluster,
  ID.blockGroup,
]);

/** Length of a variable-size integer from its first byte (1–8), or 0 when invalid. */
function vintLength(first: number): number {
  for (let i = 0; i < 8; i++) if (first & (0x80 >> i)) return i + 1;
  return 0;
}

interface Element {
  id: number;
  start: number;
  end: number;
}

/** The elements of bytes[from, to), descending into the master elements that matter here. */
function* walk(bytes: Uint8Array, from: number, to: number): Generator<Element> {
  let at = from;
  while (at < to) {
    const idLen = vintLength(bytes[at] ?? 0);
    if (idLen === 0 || idLen > 4 || at + idLen > to) return;
    let id = 0;
    for (let i = 0; i < idLen; i++) id = id * 256 + bytes[at + i]!;
    at += idLen;
    const first = bytes[at] ?? 0;
    const sizeLen = vintLength(first);
    if (sizeLen === 0 || at + sizeLen > to) return;
    let size = first & (0xff >> sizeLen);
    let unknown = size === 0xff >> sizeLen;
    for (let i = 1; i < sizeLen; i++) {
      const b = bytes[at + i]!;
      size = size * 256 + b;
      if (b !== 0xff) unknown = false;
    }
    at += sizeLen;
    const end = unknown ? to : Math.min(to, at + size);
    yield { id, start: at, end };
    if (MASTERS.has(id)) yield* walk(bytes, at, end);
    at = end;
  }
}

const uint = (bytes: Uint8Array, e: Element) => {
  let v = 0;
  for (let i = e.start; i < e.end; i++) v = v * 256 + bytes[i]!;
  return v;
};

/** Frame data of a (Simple)Block: after the track number, the 16-bit time and the flags. */
const blockFrame = (bytes: Uint8Array, e: Element) =>
  bytes.subarray(e.start + vintLength(bytes[e.start] ?? 0) + 3, e.end);

export interface WebmInfo {
  codec: string;
  width: number;
  height: number;
  /** From the segment's Duration element, in milliseconds. */
  durationMs: number;
  /** Number of blocks (frames) in the file. */
  frames: number;
}

/** What a WebM file says about itself; null when it is not one this module can read. */
export function readWebm(bytes: Uint8Array): WebmInfo | null {
  if (bytes.length < 4 || uint(bytes, { id: 0, start: 0, end: 4 }) !== 0x1a45dfa3) return null;
  const info: WebmInfo = { codec: "", width: 0, height: 0, durationMs: 0, frames: 0 };
  let scale = 1_000_000;
  let duration = 0;
  for (const e of walk(bytes, 0, bytes.length)) {
    switch (e.id) {
      case ID.codecId:
        info.codec = ascii(bytes, e.start, e.end - e.start);
        break;
      case ID.pixelWidth:
        info.width = uint(bytes, e);
        break;
      case ID.pixelHeight:
        info.height = uint(bytes, e);
        break;
      case ID.timecodeScale:
        scale = uint(bytes, e);
        break;
      case ID.duration: {
        const view = new DataView(bytes.buffer, bytes.byteOffset + e.start, e.end - e.start);
        duration = e.end - e.start === 4 ? view.getFloat32(0) : view.getFloat64(0);
        break;
      }
      case ID.simpleBlock:
      case ID.block:
        info.frames += 1;
    }
  }
  info.durationMs = (duration * scale) / 1_000_000;
  return info.codec ? info : null;
}

/** The first frame of a VP8 WebM file, or null when the file is something else. */
export function firstVp8Frame(bytes: Uint8Array): Uint8Array | null {
  let codec = "";
  for (const e of walk(bytes, 0, bytes.length)) {
    if (e.id === ID.codecId) codec = ascii(bytes, e.start, e.end - e.start);
    if (e.id === ID.simpleBlock || e.id === ID.block)
      return codec === "V_VP8" ? blockFrame(bytes, e) : null;
  }
  return null;
}
