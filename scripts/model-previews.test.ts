import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { models } from "@/lib/models";

describe("gallery previews (npm run previews)", () => {
  it.each(models.map((m) => [m.slug]))(
    "%s has its 480×300 WebP picture in public/previews",
    async (slug) => {
      const file = path.join("public/previews", `${slug}.webp`);
      expect(existsSync(file), `${file} is missing: run npm run previews`).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 480, height: 300 });
    },
  );
});
