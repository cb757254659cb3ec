import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { firstVp8Frame, muxVp8Webm, readWebm, vp8FromWebp, webpFromVp8 } from "./webm";

const frame = async (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .webp({ quality: 80 })
    .toBuffer();

describe("VP8 WebM from WebP frames", () => {
  it("takes the VP8 keyframe out of a lossy WebP and wraps it back into a WebP sharp reads", async () => {
    const webp = await frame(200, 30, 30);
    const vp8 = vp8FromWebp(webp);
    // A VP8 keyframe: frame tag with the key bit clear, then the start code 9d 01 2a.
    expect(vp8[0]! & 1).toBe(0);
    expect([...vp8.subarray(3, 6)]).toEqual([0x9d, 0x01, 0x2a]);
    const meta = await sharp(Buffer.from(webpFromVp8(vp8))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 64, 48]);
  });

  it("refuses a file that is not a lossy WebP with a clear error", async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    expect(() => vp8FromWebp(png)).toThrow("not a WebP file");
    const lossless = await sharp(png).webp({ lossless: true }).toBuffer();
    expect(() => vp8FromWebp(lossless)).toThrow(/no lossy VP8 frame/);
  });

  it("muxes keyframes into a WebM whose header states VP8, the size, the full duration and every frame", async () => {
    const frames = [];
    for (const [i, c] of [
      [0, 10],
      [1, 120],
      [2, 240],
    ] as const)
      frames.push({ data: vp8FromWebp(await frame(c, c, 0)), timestampUs: i * 500_000 });
    const webm = muxVp8Webm({ frames, width: 64, height: 48, frameRate: 2, durationUs: 1_500_000 });
    expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    // The last frame is repeated at the end so the file lasts as long as asked.
    expect(readWebm(webm)).toEqual({
      codec: "V_VP8",
      width: 64,
      height: 48,
      durationMs: 1500,
      frames: 4,
    });
    expect(Buffer.from(firstVp8Frame(webm)!).equals(Buffer.from(frames[0]!.data))).toBe(true);
  });

  it("reads nothing from bytes that are not WebM", () => {
    expect(readWebm(new Uint8Array([1, 2, 3, 4, 5]))).toBeNull();
    expect(firstVp8Frame(new Uint8Array([0x52, 0x49, 0x46, 0x46]))).toBeNull();
  });
});
