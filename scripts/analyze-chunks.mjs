#!/usr/bin/env node
// Where a route's first-load JavaScript goes: each chunk the page loads before it is interactive,
// mapped to the packages and source files inside it.
//
//   NEXT_DIST_DIR=.next-analyze npx next analyze -o      # Turbopack's module graph (no app build)
//   node scripts/analyze-chunks.mjs                      # every page route: first-load kB, biggest parts
//   node scripts/analyze-chunks.mjs /serverless/[id]     # one route: every package and file, who imports it
//
// Options: --dist-dir <dir> (default .next-analyze), --top <n> (rows per route, default 12),
// --files (split packages into their files). Sizes are each module's gzip size as the analyzer
// measures it (compressed alone, so a little above the chunk's real gzip); the browser test
// tests/e2e/first-load.spec.ts measures the real bytes a page load fetches.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const distDir = option("--dist-dir", ".next-analyze");
const top = Number(option("--top", "12"));
const splitFiles = args.includes("--files") && args.splice(args.indexOf("--files"), 1);
const onlyRoute = args[0];

if (!existsSync(path.join(distDir, "diagnostics", "analyze"))) {
  console.error(
    `No analysis in ${distDir}/diagnostics/analyze. Run first:\n` +
      `  NEXT_DIST_DIR=${distDir} npx next analyze -o`,
  );
  process.exit(1);
}

/** Groups that load with the page: Next's bootstrap and what the rendered tree needs. */
const FIRST_LOAD_KINDS = new Set(["bootstrap", "render_dependent"]);
/** Routes that are not pages (route handlers, metadata files). */
const NOT_A_PAGE = /^\/(api\/|favicon\.ico$|icon\.svg$|_global-error$)/;

/** A part's owner: a package (`react-dom`, `next/dist/client`), or a source file of ours. */
function ownerOf(sourcePath) {
  const p = sourcePath.replace(/^\[project\]\//, "");
  const at = p.lastIndexOf("node_modules/");
  if (at === -1) return p;
  const rest = p.slice(at + "node_modules/".length).split("/");
  const name = rest[0].startsWith("@") ? rest.slice(0, 2).join("/") : rest[0];
  if (splitFiles) return `${name}: ${rest.slice(name.includes("/") ? 2 : 1).join("/")}`;
  // Next bundles React and friends under next/dist/compiled; name them.
  if (name === "next" && rest[1] === "dist" && rest[2] === "compiled") return rest[3];
  if (name === "next") return `next/${rest.slice(1, 3).join("/")}`;
  return name;
}

const routes = new Map(); // route -> { outputs: Set, parts: [] }
const importers = new Map(); // module path -> Set of first-party paths importing it
const routeOf = (name) => {
  if (!routes.has(name)) routes.set(name, { outputs: new Set(), parts: [] });
  return routes.get(name);
};

const exportArgs = ["next", "analyze", "export", "--dist-dir", distDir];
if (onlyRoute) exportArgs.push("--route", onlyRoute);
const child = spawn("npx", exportArgs, { stdio: ["ignore", "pipe", "inherit"] });
for await (const line of readline.createInterface({ input: child.stdout })) {
  if (!line) continue;
  const record = JSON.parse(line);
  switch (record.type) {
    case "group":
      if (FIRST_LOAD_KINDS.has(record.kind)) {
        for (const out of record.outputs)
          if (out.endsWith(".js")) routeOf(record.route).outputs.add(out);
      }
      break;
    case "part":
      if (record.filename.includes("/static/chunks/")) routeOf(record.route).parts.push(record);
      break;
    case "module":
      if (
        onlyRoute &&
        record.ident.includes("[app-client]") &&
        !record.path.includes("node_modules")
      ) {
        const from = record.path.replace(/^\[project\]\//, "");
        for (const dep of record.dependencies.sync) {
          const to = dep.split(" ")[0];
          if (!importers.has(to)) importers.set(to, new Set());
          importers.get(to).add(from);
        }
      }
      break;
  }
}
const exitCode = await new Promise((resolve) => child.on("close", resolve));
if (exitCode !== 0) process.exit(exitCode ?? 1);

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(7);

/** Sizes by owner over a route's first-load chunks. */
function breakdown({ outputs, parts }) {
  const owners = new Map();
  for (const part of parts) {
    if (!outputs.has(part.filename)) continue;
    const owner = ownerOf(part.source_path);
    const row = owners.get(owner) ?? { gzip: 0, raw: 0, sources: new Set() };
    row.gzip += part.compressed_size;
    row.raw += part.size;
    row.sources.add(part.source_path);
    owners.set(owner, row);
  }
  return [...owners.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
}

const pages = [...routes.keys()].filter((r) => !NOT_A_PAGE.test(r)).sort();
const rows = new Map(pages.map((r) => [r, breakdown(routes.get(r))]));
const total = (r) => rows.get(r).reduce((sum, [, row]) => sum + row.gzip, 0);

// What every page carries (framework, root layout) is printed once, then only each page's own.
const everywhere = new Set(
  [...rows.values()]
    .map((list) => new Set(list.map(([owner]) => owner)))
    .reduce((a, b) => new Set([...a].filter((x) => b.has(x)))),
);
if (!onlyRoute) {
  const base = rows.get("/") ?? rows.get(pages[0]);
  const shared = base.filter(([owner]) => everywhere.has(owner));
  console.log(`\nOn every page (${kB(shared.reduce((s, [, r]) => s + r.gzip, 0))} kB gzip):`);
  for (const [owner, row] of shared.slice(0, top)) console.log(`  ${kB(row.gzip)}  ${owner}`);
}

for (const route of pages.sort((a, b) => total(b) - total(a))) {
  const list = rows.get(route);
  const own = list.filter(([owner]) => onlyRoute || !everywhere.has(owner));
  console.log(
    `\n${route}  ${kB(total(route)).trim()} kB gzip, ${routes.get(route).outputs.size} chunks`,
  );
  for (const [owner, row] of own.slice(0, onlyRoute ? Infinity : top)) {
    let line = `  ${kB(row.gzip)}  ${kB(row.raw)} raw  ${owner}`;
    if (onlyRoute) {
      // The files of ours that import it directly.
      const by = new Set();
      for (const source of row.sources)
        for (const from of importers.get(source) ?? []) by.add(from);
      by.delete(owner);
      if (by.size) line += `  ← ${[...by].slice(0, 4).join(", ")}${by.size > 4 ? ", …" : ""}`;
    }
    console.log(line);
  }
}
