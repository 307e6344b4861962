// Accessibility audit of a built site (default: the example site in ../../public) with
// axe-core, in Debian's Chromium driven by playwright-core. Visits one page of each kind
// (static-site.mjs: auditedPages), each in the light and the dark colour scheme, since the
// theme has a dark mode whose contrasts differ, with every <details> opened.
//
// A violation of impact "serious" or "critical" fails the page; the others ("moderate",
// "minor") are printed and do not. Ends with the line "axe: N page views, N passed, N failed";
// the exit code is 1 when one failed.
//
//   node a11y.mjs [SITE_DIR]

import { createRequire } from "node:module";
import { launchChromium } from "./serve-helpers.mjs";
import { auditedPages, serveSite, siteRoot, visit } from "./static-site.mjs";

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const failing = new Set(["serious", "critical"]);
const schemes = ["light", "dark"];

/** One line per element of a violation: its selector, and the colours for contrast. */
function describeNode(violation, node) {
  const data = node.any.find((c) => c.data && c.data.contrastRatio !== undefined)?.data;
  const contrast = data
    ? ` (text ${data.fgColor} on ${data.bgColor}, ${data.fontSize} ${data.fontWeight}: contrast ${data.contrastRatio}, needs ${data.expectedContrastRatio})`
    : "";
  const html = node.html.length > 160 ? node.html.slice(0, 157) + "..." : node.html;
  return `      ${node.target.join(" ")}${contrast}\n        ${html}`;
}

function describe(violation) {
  const nodes = violation.nodes.map((node) => describeNode(violation, node)).join("\n");
  return `    ${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length} element${violation.nodes.length === 1 ? "" : "s"}; ${violation.helpUrl.replace(/\?.*/, "")})\n${nodes}`;
}

const root = siteRoot();
const server = await serveSite(root);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
const started = Date.now();
let passed = 0;
let failed = 0;
let minor = 0;
for (const path of auditedPages(root)) {
  for (const colorScheme of schemes) {
    const name = `${path} (${colorScheme})`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    try {
      await page.emulateMedia({ colorScheme });
      await visit(page, base + path);
      const actual = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
      if (actual !== (colorScheme === "dark")) throw new Error(`the page does not see prefers-color-scheme: ${colorScheme}`);
      // Open every <details>, so that what it hides (the score table) is audited too.
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      await page.addScriptTag({ path: axeSource });
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations", "incomplete"] }));
      const bad = result.violations.filter((v) => failing.has(v.impact));
      const other = result.violations.filter((v) => !failing.has(v.impact));
      const review = result.incomplete.map((v) => `${v.id} (${v.nodes.length})`);
      minor += other.length;
      if (bad.length === 0) {
        passed += 1;
        console.log(`ok - ${name}: no serious or critical violation${other.length ? `; ${other.length} other` : ""}`);
      } else {
        failed += 1;
        console.log(`FAILED - ${name}: ${bad.length} serious or critical violation${bad.length === 1 ? "" : "s"}`);
        for (const v of bad) console.log(describe(v));
      }
      for (const v of other) console.log(describe(v));
      if (review.length) console.log(`    to review by hand (axe could not decide): ${review.join(", ")}`);
    } catch (error) {
      failed += 1;
      console.log(`FAILED - ${name}: ${error.message.split("\n")[0]}`);
    }
    await context.close();
  }
}
await browser.close();
server.close();
console.log(`axe: ${passed + failed} page views (${auditedPages(root).length} pages x light, dark), ${passed} passed, ${failed} failed; ${minor} moderate or minor violations printed; ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed === 0 ? 0 : 1);
