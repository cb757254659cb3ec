// The local platform as Node runs it: one ES module compiled from TypeScript by esbuild (about half a
// second), rebuilt only when a source under lib/ is newer than it. Run by plain `node`, the platform
// carries no TypeScript loader: tsx would add a loader thread and a second Node process under it
// (≈ 30 MB of the platform's memory budget, and slower starts). Packages stay imports of
// node_modules; a source map points stack traces at the .ts files.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "node_modules", ".cache", "hangar-platform");

/** Newest modification time of a file, or of anything in a folder (node_modules and dot-entries skipped). */
export function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, e.name)));
  }
  return newest;
}

/**
 * Compiles `entry` (a path from the repository root) unless its bundle is newer than every source
 * it can import (lib/ and the entry's folder); answers the bundle's path. Safe when several
 * processes start at once: each writes its own temporary files and renames them into place.
 */
export async function bundlePlatform(entry = "lib/platform/cli.ts") {
  const name = entry.replace(/\.ts$/, "").replace(/[\\/]/g, "-");
  const out = path.join(OUT_DIR, `${name}.mjs`);
  const sources = Math.max(
    newestMtime(path.join(ROOT, "lib")),
    newestMtime(path.join(ROOT, path.dirname(entry))),
    newestMtime(path.join(ROOT, "tsconfig.json")),
    newestMtime(fileURLToPath(import.meta.url)),
  );
  if (fs.existsSync(out) && fs.statSync(out).mtimeMs > sources) return out;
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const tmpDir = fs.mkdtempSync(path.join(OUT_DIR, "build-"));
  try {
    const tmp = path.join(tmpDir, `${name}.mjs`);
    await build({
      entryPoints: [path.join(ROOT, entry)],
      outfile: tmp,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(ROOT, "tsconfig.json"),
      sourcemap: "linked",
      logLevel: "warning",
    });
    fs.renameSync(`${tmp}.map`, `${out}.map`);
    fs.renameSync(tmp, out);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  return out;
}
