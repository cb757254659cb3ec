import sharp from "sharp";
import { colour, escapeXml, rngFrom, type Rng } from "./random";

export type ImageFormat = "png" | "jpeg" | "webp";

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** SVG of one synthetic picture: a gradient sky, shapes placed by the hash, and a label. */
export function pictureSvg(
  rng: Rng,
  width: number,
  height: number,
  label: string,
  phase = 0,
): string {
  const shapes: string[] = [];
  const count = rng.int(5, 11);
  const unit = Math.min(width, height);
  for (let i = 0; i < count; i++) {
    const fill = colour(rng);
    const opacity = (0.45 + rng.next() * 0.5).toFixed(2);
    const x = rng.next() * width + Math.cos(phase + i) * unit * 0.05 * (phase === 0 ? 0 : 1);
    const y = rng.next() * height + Math.sin(phase + i) * unit * 0.05 * (phase === 0 ? 0 : 1);
    const size = (0.08 + rng.next() * 0.3) * unit;
    switch (rng.int(0, 2)) {
      case 0:
        shapes.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(size / 2).toFixed(1)}" fill="${fill}" fill-opacity="${opacity}"/>`,
        );
        break;
      case 1:
        shapes.push(
          `<rect x="${(x - size / 2).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${size.toFixed(1)}" height="${(size * (0.5 + rng.next())).toFixed(1)}" rx="${(size * 0.1).toFixed(1)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${rng.int(0, 89)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
        );
        break;
      default: {
        const pts = [0, 1, 2]
          .map(
            () =>
              `${(x + (rng.next() - 0.5) * size * 2).toFixed(1)},${(y + (rng.next() - 0.5) * size * 2).toFixed(1)}`,
          )
          .join(" ");
        shapes.push(`<polygon points="${pts}" fill="${fill}" fill-opacity="${opacity}"/>`);
      }
    }
  }
  const font = Math.max(10, Math.round(unit / 28));
  const pad = Math.round(font * 0.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${rng.next().toFixed(2)}" y2="1">
<stop offset="0" stop-color="${colour(rng, [55, 80])}"/><stop offset="1" stop-color="${colour(rng, [15, 40])}"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${shapes.join("\n")}
<rect x="0" y="${height - font - pad * 2}" width="${width}" height="${font + pad * 2}" fill="black" fill-opacity="0.45"/>
<text x="${pad}" y="${height - pad - Math.round(font * 0.2)}" font-family="sans-serif" font-size="${font}" fill="white">${escapeXml(label)}</text>
</svg>`;
}

export interface SyntheticImageRequest {
  /** What makes the picture: model slug, prompt, seed (and any other input that matters). */
  key: string;
  width: number;
  height: number;
  format: ImageFormat;
  /** Shown in the picture's footer. */
  label: string;
}

/** A real image file of the requested size and format, deterministic from `key`. */
export async function syntheticImage(req: SyntheticImageRequest): Promise<Buffer> {
  const svg = pictureSvg(rngFrom(req.key), req.width, req.height, req.label);
  const img = sharp(Buffer.from(svg), { density: 72 }).resize(req.width, req.height, {
    fit: "fill",
  });
  switch (req.format) {
    case "png":
      return img.png({ compressionLevel: 6 }).toBuffer();
    case "jpeg":
      return img.jpeg({ quality: 88 }).toBuffer();
    case "webp":
      return img.webp({ quality: 85 }).toBuffer();
  }
}
