// `npm run previews`: the gallery's card pictures, made once on this machine by the local
// platform's own generators (the picture an image or video model makes for its example prompt,
// the waveform of a speech model's voice, the start of a text model's answer) and kept in
// public/previews/<slug>.webp, so the gallery shows what each model makes on any platform,
// the real one included, without running a paid job. Re-run after adding a model; the test in
// scripts/model-previews.test.ts fails while a model has no picture.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { models, type HostedModel } from "@/lib/models";
import { syntheticSpeech } from "@/lib/platform/models/synth/audio";
import { syntheticImage } from "@/lib/platform/models/synth/image";
import { escapeXml } from "@/lib/platform/models/synth/random";
import { syntheticAnswer } from "@/lib/platform/models/synth/text";

const PREVIEW = { width: 480, height: 300, dir: "public/previews" } as const;

const promptOf = (m: HostedModel) => {
  const ex = m.example as { prompt?: unknown; text?: unknown; messages?: unknown };
  if (typeof ex.prompt === "string") return ex.prompt;
  if (typeof ex.text === "string") return ex.text;
  if (Array.isArray(ex.messages)) {
    const last = ex.messages.at(-1) as { content?: unknown } | undefined;
    if (typeof last?.content === "string") return last.content;
  }
  return m.name;
};

const webp = (svg: string) =>
  sharp(Buffer.from(svg), { density: 72 })
    .resize(PREVIEW.width, PREVIEW.height)
    .webp({ quality: 80 })
    .toBuffer();

/** A speech model's voice drawn as its waveform (peak per column). */
function waveformSvg(m: HostedModel): string {
  const { width: w, height: h } = PREVIEW;
  const wav = syntheticSpeech(`${m.slug}|preview`, 2.4);
  const samples = (wav.length - 44) / 2;
  const cols = 96;
  const bars: string[] = [];
  for (let c = 0; c < cols; c++) {
    let peak = 0;
    const from = Math.floor((c * samples) / cols);
    const to = Math.floor(((c + 1) * samples) / cols);
    for (let i = from; i < to; i += 8) peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + i * 2)));
    const bh = Math.max(2, (peak / 32767) * h * 1.2);
    const x = 24 + (c * (w - 48)) / cols;
    bars.push(
      `<rect x="${x.toFixed(1)}" y="${((h - 40 - bh) / 2).toFixed(1)}" width="3" height="${bh.toFixed(1)}" rx="1.5" fill="#fbbf24"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect width="${w}" height="${h}" fill="#1c1917"/>${bars.join("")}
<text x="24" y="${h - 18}" font-family="sans-serif" font-size="16" fill="#e7e5e4">${escapeXml(m.name)} · speech</text></svg>`;
}

/** A text model's answer to its example, as a chat bubble. */
function answerSvg(m: HostedModel): string {
  const { width: w, height: h } = PREVIEW;
  const words = syntheticAnswer(`${m.slug}|preview`, m.name, promptOf(m), 60).join("").trim();
  const lines: string[] = [];
  let line = "";
  for (const word of words.split(" ")) {
    if ((line + " " + word).length > 46) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
    if (lines.length === 7) break;
  }
  if (lines.length < 7 && line) lines.push(line);
  const text = lines
    .map(
      (l, i) =>
        `<text x="40" y="${62 + i * 26}" font-family="sans-serif" font-size="17" fill="#0f172a">${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect width="${w}" height="${h}" fill="#ecfdf5"/>
<rect x="20" y="28" width="${w - 40}" height="${h - 84}" rx="16" fill="#ffffff" stroke="#a7f3d0"/>${text}
<text x="24" y="${h - 18}" font-family="sans-serif" font-size="16" fill="#065f46">${escapeXml(m.name)} · text</text></svg>`;
}

async function previewOf(m: HostedModel): Promise<Buffer> {
  switch (m.kind) {
    case "image":
    case "video":
      return syntheticImage({
        key: `${m.slug}|${promptOf(m)}`,
        width: PREVIEW.width,
        height: PREVIEW.height,
        format: "webp",
        label: `${m.name} · ${m.kind}`,
      });
    case "audio":
      return webp(waveformSvg(m));
    case "text":
      return webp(answerSvg(m));
  }
}

async function main() {
  mkdirSync(PREVIEW.dir, { recursive: true });
  for (const m of models) {
    const file = path.join(PREVIEW.dir, `${m.slug}.webp`);
    const bytes = await previewOf(m);
    writeFileSync(file, bytes);
    process.stdout.write(`${file}: ${bytes.length} bytes\n`);
  }
}

await main();
