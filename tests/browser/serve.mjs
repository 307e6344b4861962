// Browser test of `papermap serve`'s live reload, in Debian's Chromium driven by playwright-core.
// Copies the example site into a temporary folder, starts `papermap serve --port 0` in it
// ($PAPERMAP_BIN, else ../../target/release/papermap when built, else the debug binary), opens a
// paper page, and edits the sources under it: the page must follow by itself. Prints one line per
// check and "N passed, N failed"; the exit code is 1 when a check failed.
//
//   node serve.mjs

import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { copyExampleSite, launchChromium, papermapBinary, recordEventSources, startServe, streamOpen, until } from "./serve-helpers.mjs";

const paperPath = "/paper/2208.11695/";
const record = "content/papers/2208.11695.md";
const stylesheet = "themes/default/static/style.css";
const originalTitle = "Bugs in the Data: How ImageNet Misrepresents Biodiversity";
const editedTitle = "Bugs in the Data, edited while the page is open";

const site = await copyExampleSite();
const source = await readFile(join(site, record), "utf8");
if (!source.includes(`title: "${originalTitle}"`)) {
  console.log(`FAILED - the example record ${record} no longer has the expected title`);
  process.exit(1);
}
const withTitle = (title) => source.replace(`title: "${originalTitle}"`, `title: "${title}"`);

let server;
let browser;
let passed = 0;
let failed = 0;
const checks = [];
function check(name, run) {
  checks.push({ name, run });
}

// State carried from one check to the next: they edit one site under one open page.
let page;
let scrolledTo = 0;

check("the served paper page carries the live-reload script and opens its event stream", async () => {
  const response = await page.goto(server.url + paperPath);
  if (response.status() !== 200) throw new Error(`status ${response.status()}`);
  const h1 = await page.textContent("h1");
  if (h1 !== originalTitle) throw new Error(`h1: ${h1}`);
  if ((await page.$$('script[src="/__papermap/live.js"]')).length !== 1) throw new Error("no /__papermap/live.js script");
  await streamOpen(page);
});

check("a record edit updates the open page by itself and keeps its scroll position", async () => {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  if (height < 300) throw new Error(`the page is too short to scroll (${height} px)`);
  scrolledTo = await page.evaluate(() => {
    window.scrollTo(0, 500);
    return window.scrollY;
  });
  if (scrolledTo < 100) throw new Error(`could not scroll (scrollY ${scrolledTo})`);
  await writeFile(join(site, record), withTitle(editedTitle));
  await until(page, (title) => document.querySelector("h1")?.textContent === title, editedTitle, {
    what: "the new title in the page's <h1>",
  });
  const how = await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.type);
  if (how !== "reload") throw new Error(`the page was not reloaded but ${how}`);
  const scrollY = await until(page, (to) => Math.abs(window.scrollY - to) <= 40 && window.scrollY, scrolledTo, {
    timeout: 5000,
    what: `the scroll position coming back to about ${scrolledTo}`,
  });
  if (Math.abs(scrollY - scrolledTo) > 40) throw new Error(`scrollY ${scrollY}, was ${scrolledTo}`);
  await streamOpen(page);
});

check("a broken edit shows the error overlay with the file, line and column", async () => {
  await page.evaluate(() => (window.marker = 1));
  // An unclosed quote: a YAML syntax error in the front matter.
  await writeFile(join(site, record), withTitle(editedTitle).replace(`title: "${editedTitle}"`, `title: "${editedTitle}\nyear: [`));
  const text = await until(page, () => document.getElementById("papermap-overlay")?.textContent, null, {
    what: "#papermap-overlay",
  });
  if (!/content\/papers\/2208\.11695\.md:\d+:\d+/.test(text)) throw new Error(`the overlay does not name the file, line and column: ${text.slice(0, 200)}`);
  if (!(await page.isVisible("#papermap-overlay"))) throw new Error("the overlay is not visible");
  if ((await page.evaluate(() => window.marker)) !== 1) throw new Error("the page reloaded");
  // The last good site stays served.
  const served = await (await fetch(server.url + paperPath)).text();
  if (!served.includes(editedTitle)) throw new Error("the server no longer serves the last good page");
});

check("fixing the record clears the overlay", async () => {
  await writeFile(join(site, record), withTitle(editedTitle));
  await until(page, () => document.getElementById("papermap-overlay") === null, null, {
    what: "the overlay going away",
  });
  const h1 = await page.textContent("h1");
  if (h1 !== editedTitle) throw new Error(`h1: ${h1}`);
  await streamOpen(page);
});

check("a stylesheet edit applies without reloading the page", async () => {
  await page.evaluate(() => (window.marker = 1));
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  if (before === "rgb(12, 34, 56)") throw new Error("the body already has the new background");
  const css = await readFile(join(site, stylesheet), "utf8");
  await writeFile(join(site, stylesheet), css + "\nbody { background-color: rgb(12, 34, 56); }\n");
  await until(page, () => getComputedStyle(document.body).backgroundColor === "rgb(12, 34, 56)", null, {
    what: "the new background colour",
  });
  if ((await page.evaluate(() => window.marker)) !== 1) throw new Error("the page reloaded (window.marker is gone)");
});

try {
  server = await startServe(site, { binary: papermapBinary() });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1000, height: 600 } });
  await recordEventSources(context);
  page = await context.newPage();
  page.setDefaultTimeout(10000);
  for (const { name, run } of checks) {
    try {
      await run();
      passed += 1;
      console.log(`ok - ${name}`);
    } catch (error) {
      failed += 1;
      console.log(`FAILED - ${name}: ${error.message.split("\n")[0]}`);
    }
  }
} catch (error) {
  failed += 1;
  console.log(`FAILED - papermap serve and Chromium start: ${error.message}`);
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  if (failed > 0 && server) {
    console.log("# papermap serve printed:");
    for (const line of server.output().trimEnd().split("\n")) console.log(`#   ${line}`);
  }
  await rm(site, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
