// Browser tests of a built site (default: the example site in ../../public), in Debian's
// Chromium driven by playwright-core. Serves the folder on 127.0.0.1 itself, runs every check,
// and ends with the line "N passed, N failed"; the exit code is 1 when a check failed.
//
//   node run.mjs [SITE_DIR]

import { launchChromium } from "./serve-helpers.mjs";
import { serveSite, siteRoot } from "./static-site.mjs";

const root = siteRoot();

const checks = [];
function check(name, run) {
  checks.push({ name, run });
}

const paper = "/fr/paper/2208.11695/";

check("the classification detail is closed when the page loads", async (page, base) => {
  await page.goto(base + paper);
  const open = await page.$eval("details#classification", (d) => d.open);
  if (open) throw new Error("the details element is open");
  if (await page.isVisible("details#classification table")) throw new Error("the table is visible");
});

check("a click on the summary opens it and shows the table", async (page, base) => {
  await page.goto(base + paper);
  await page.click("details#classification > summary");
  await page.waitForSelector("details#classification table", { state: "visible" });
  const caption = await page.textContent("details#classification caption");
  if (!caption.includes("Scores du classifieur distillé par catégorie")) throw new Error(`caption: ${caption}`);
  const first = await page.textContent("details#classification tbody tr td");
  if (first !== "0,012") throw new Error(`first score: ${first}`);
});

check("Enter on the focused summary toggles it", async (page, base) => {
  await page.goto(base + paper);
  await page.focus("details#classification > summary");
  await page.keyboard.press("Enter");
  if (!(await page.$eval("details#classification", (d) => d.open))) throw new Error("Enter did not open it");
  await page.keyboard.press("Enter");
  if (await page.$eval("details#classification", (d) => d.open)) throw new Error("Enter did not close it");
});

check("loading #classification finds it open", async (page, base) => {
  await page.goto(base + paper + "#classification");
  await page.waitForFunction(() => document.getElementById("classification").open);
  if (!(await page.isVisible("details#classification table"))) throw new Error("the table is hidden");
});

check("following the summary's link opens it", async (page, base) => {
  await page.goto(base + paper);
  await page.click("a[href='#classification']");
  await page.waitForFunction(() => document.getElementById("classification").open);
});

check("following the link again after closing opens it again", async (page, base) => {
  await page.goto(base + paper + "#classification");
  await page.waitForFunction(() => document.getElementById("classification").open);
  await page.click("details#classification > summary");
  await page.click("a[href='#classification']");
  await page.waitForFunction(() => document.getElementById("classification").open);
});

check("without JavaScript the summary still opens it", async (_page, base, browser) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(base + paper);
  await page.click("details#classification > summary");
  await page.waitForSelector("details#classification table", { state: "visible" });
  await context.close();
});

const server = await serveSite(root);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
let passed = 0;
let failed = 0;
for (const { name, run } of checks) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  try {
    await run(page, base, browser);
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAILED - ${name}: ${error.message.split("\n")[0]}`);
  }
  await context.close();
}
await browser.close();
server.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
