// Benchmark (not a test) of `papermap serve`: the time from saving a record to the browser
// showing the new page, on a synthetic map (examples/synthetic/, 3 locales). Writes the site
// (or reuses one), starts the release `papermap serve --port 0` on it, opens a paper page in
// Chromium, then edits that paper's title `--runs` times; each run is timed from just before the
// file is written until the open page, which reloads by itself, shows the new title (checked at
// each DOMContentLoaded of the page, and every 250 ms). Prints every run, then min/median/max,
// and the server's own figures (first build, and its "N files changed in X ms" line for each
// edit). The record is restored at the end.
//
//   node serve-bench.mjs [--papers 10000] [--site DIR] [--runs 21] [--paper ID]
//
// Without --site the map is written to $TMPDIR/papermap-synthetic-<papers> by
// `cargo run --release --example synthetic` (deterministic, and rewriting an unchanged map
// touches nothing); with --site DIR, an existing site there is used as it is.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { launchChromium, recordEventSources, repo, startServe, streamOpen } from "./serve-helpers.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}
const papers = Number(option("papers", "10000"));
const runs = Number(option("runs", "21"));
const site = resolve(option("site", join(tmpdir(), `papermap-synthetic-${papers}`)));
const binary = resolve(process.env.PAPERMAP_BIN ?? join(repo, "target", "release", "papermap"));

if (!existsSync(binary)) {
  console.error(`error: ${binary} does not exist; run \`cargo build --release\` first (or set PAPERMAP_BIN)`);
  process.exit(1);
}
if (!(option("site") && existsSync(join(site, "site.toml")))) {
  console.log(`# writing a synthetic map of ${papers} papers into ${site}`);
  const generated = spawnSync("cargo", ["run", "--quiet", "--release", "--example", "synthetic", "--", String(papers), site], {
    cwd: repo,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (generated.status !== 0) process.exit(1);
}

const files = await readdir(join(site, "content", "papers"));
const records = files.filter((f) => /^[^.]+\.[^.]+\.md$/.test(f)).sort();
// By default a paper from the middle of the map: paper N/2 of the synthetic map.
const wanted = option("paper");
const middle = `.${String(Math.floor(papers / 2)).padStart(5, "0")}.md`;
const file = wanted ? `${wanted}.md` : records.find((f) => f.endsWith(middle)) ?? records[Math.floor(records.length / 2)];
const id = file.replace(/\.md$/, "");
const recordPath = join(site, "content", "papers", file);
const original = await readFile(recordPath, "utf8");
if (!/^title: .*$/m.test(original)) {
  console.error(`error: ${recordPath} has no title line`);
  process.exit(1);
}
const withTitle = (title) => original.replace(/^title: .*$/m, `title: "${title}"`);

/**
 * Waits until the page shows `title` in its <h1>. The page reloads itself, so the check runs
 * when a new document is ready (DOMContentLoaded, as Chromium reports it), and every 250 ms
 * besides: no tight polling takes CPU from the server on a small machine.
 */
async function newTitle(page, title, run) {
  const deadline = Date.now() + 120000;
  for (;;) {
    // Listening before looking: a document that loads meanwhile is not missed.
    const loaded = page.waitForEvent("domcontentloaded", { timeout: 250 }).catch(() => {});
    try {
      if (await page.evaluate((t) => document.querySelector("h1")?.textContent === t, title)) return;
    } catch {
      // The document went away under the evaluation: the reload is under way.
    }
    if (Date.now() > deadline) throw new Error(`run ${run}: the page did not show the new title within 120 s`);
    await loaded;
  }
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1] };
};
const ms = (x) => `${Math.round(x)} ms`;

const started = performance.now();
const server = await startServe(site, { binary, timeout: 600000 });
const servingAfter = performance.now() - started;
let browser;
try {
  const firstBuild = server.lines.map((l) => /^papermap: built (\d+) files in memory in (\d+) ms/.exec(l)).find(Boolean);
  console.log(`site: ${site} (${records.length} papers, ${files.length - records.length} translations)`);
  console.log(`machine: ${cpus().length} cores, ${cpus()[0].model.trim()}`);
  if (firstBuild) console.log(`first build: ${firstBuild[1]} files in memory in ${firstBuild[2]} ms (server's line); serving ${ms(servingAfter)} after start`);
  else console.log(`first build: no "built … in memory" line; serving ${ms(servingAfter)} after start`);
  // serve makes the search index after it starts serving; a request for it waits until it is
  // ready. The edits are timed once it is, not while it takes a core.
  const indexed = await fetch(`${server.url}/pagefind/pagefind-entry.json`);
  console.log(`search index: ${indexed.status}, served ${ms(performance.now() - started)} after start`);

  // The server's own account of each edit.
  const applied = [];
  server.onLine((line) => {
    const match = /^papermap: (\d+) files changed in (\d+) ms/.exec(line);
    if (match) applied.push({ files: Number(match[1]), ms: Number(match[2]) });
    else if (/^error|^papermap: \d+ errors?;/.test(line)) applied.push({ error: line });
  });

  browser = await launchChromium();
  const context = await browser.newContext();
  await recordEventSources(context);
  const page = await context.newPage();
  page.setDefaultTimeout(60000);
  await page.goto(`${server.url}/paper/${id}/`);
  await streamOpen(page);
  console.log(`page: /paper/${id}/ (${file}), ${runs} edits of its title`);

  const endToEnd = [];
  const serverMs = [];
  for (let run = 1; run <= runs; run += 1) {
    const title = `Benchmark edit ${run} of ${id}`;
    const seen = applied.length;
    const t0 = performance.now();
    await writeFile(recordPath, withTitle(title));
    await newTitle(page, title, run);
    const elapsed = performance.now() - t0;
    endToEnd.push(elapsed);
    // The server prints its line before it tells the page; wait for it all the same.
    const deadline = Date.now() + 5000;
    while (applied.length === seen && Date.now() < deadline) await new Promise((d) => setTimeout(d, 10));
    const own = applied.slice(seen);
    const report = own.map((a) => (a.error ? `error: ${a.error}` : `${a.files} files in ${a.ms} ms`)).join(", ");
    const good = own.filter((a) => !a.error);
    if (good.length) serverMs.push(good.reduce((sum, a) => sum + a.ms, 0));
    console.log(`run ${String(run).padStart(2)}: ${ms(elapsed)} (server: ${report || "no line"})`);
    // The reloaded page must be listening again before the next edit; let the watcher settle.
    await streamOpen(page, 60000);
    await new Promise((d) => setTimeout(d, 200));
  }
  const e = stats(endToEnd);
  console.log(`save → new page in the browser (${runs} runs): min ${ms(e.min)}, median ${ms(e.median)}, max ${ms(e.max)}`);
  if (serverMs.length) {
    const s = stats(serverMs);
    console.log(`server's own apply time ("files changed in"): min ${ms(s.min)}, median ${ms(s.median)}, max ${ms(s.max)}`);
  }
} finally {
  await writeFile(recordPath, original);
  await browser?.close().catch(() => {});
  await server.stop();
}
