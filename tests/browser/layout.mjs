// Layout of a built site (default: the example site in ../../public) in Debian's Chromium,
// driven by playwright-core:
//
//   - full-page screenshots of the paper page in English and Chinese, 360 and 1280 px wide,
//     light and dark, written as PNG into target/screenshots/ (or $SCREENSHOTS_DIR), e.g.
//     paper-en-360-light.png, for a person to look at: they are not compared to anything;
//   - a check that no page of static-site.mjs's auditedPages overflows a 360 px wide screen
//     horizontally (document.documentElement.scrollWidth <= 360, which counts what a
//     right-to-left page pushes past its left edge too); a page that does is a failed check,
//     printed with the elements that stick out on either side;
//   - on a site with Arabic (.ci/run's right-to-left copy), a screenshot of its paper page too,
//     and a check that its pages mirror: <html dir="rtl">, the site's title at the right end
//     of the header, the search form at the left; and that the search field's placeholder is
//     laid out in its own language's direction (an English placeholder on an Arabic page that
//     runs right to left loses its first words when the field is too short for it).
//
// Ends with the line "layout: N passed, N failed"; the exit code is 1 when a check failed.
//
//   node layout.mjs [SITE_DIR]

import { mkdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { launchChromium } from "./serve-helpers.mjs";
import { auditedPages, repo, rightToLeftPages, serveSite, siteRoot, visit } from "./static-site.mjs";

const narrow = 360;
const root = siteRoot();
const shots = [
  { name: "paper-en", path: "/paper/2208.11695/" },
  { name: "paper-zh", path: "/zh/paper/2208.11695/" },
];
if (rightToLeftPages(root).length > 0) shots.push({ name: "paper-ar", path: "/ar/paper/2208.11695/" });
const widths = [narrow, 1280];
const schemes = ["light", "dark"];
const out = resolve(process.env.SCREENSHOTS_DIR ?? join(repo, "target", "screenshots"));

const server = await serveSite(root);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
await mkdir(out, { recursive: true });
const started = Date.now();
let passed = 0;
let failed = 0;

async function check(name, width, colorScheme, run) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  try {
    await page.emulateMedia({ colorScheme });
    await run(page);
    passed += 1;
  } catch (error) {
    failed += 1;
    console.log(`FAILED - ${name}: ${error.message}`);
  }
  await context.close();
}

for (const { name, path } of shots) {
  for (const width of widths) {
    for (const colorScheme of schemes) {
      const file = join(out, `${name}-${width}-${colorScheme}.png`);
      await check(`screenshot of ${path} at ${width} px, ${colorScheme}`, width, colorScheme, async (page) => {
        await visit(page, base + path);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`ok - ${relative(repo, file)} (${path} at ${width} px, ${colorScheme})`);
      });
    }
  }
}

for (const path of auditedPages(root)) {
  await check(`${path} at ${narrow} px`, narrow, "light", async (page) => {
    await visit(page, base + path);
    const { scrollWidth, wide } = await page.evaluate((limit) => {
      // The outermost elements whose box reaches past either edge of the screen.
      const wide = [];
      for (const element of document.body.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if ((box.right <= limit + 0.5 && box.left >= -0.5) || box.width === 0) continue;
        if (wide.some((outer) => outer.element.contains(element))) continue;
        const id = element.id ? `#${element.id}` : "";
        const classes = typeof element.className === "string" && element.className.trim() ? "." + element.className.trim().split(/\s+/).join(".") : "";
        const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
        wide.push({ element, what: `<${element.tagName.toLowerCase()}${id}${classes}> from ${Math.round(box.left)} to ${Math.round(box.right)} px: "${text}"` });
        if (wide.length === 8) break;
      }
      return { scrollWidth: document.documentElement.scrollWidth, wide: wide.map((w) => w.what) };
    }, narrow);
    if (scrollWidth > narrow) {
      throw new Error(`the page is ${scrollWidth} px wide on a ${narrow} px screen; what sticks out:\n${wide.map((w) => `      ${w}`).join("\n")}`);
    }
    console.log(`ok - ${path} fits a ${narrow} px screen`);
  });
}

for (const path of rightToLeftPages(root)) {
  for (const width of widths) {
    await check(`${path} mirrors at ${width} px`, width, "light", async (page) => {
      await visit(page, base + path);
      const layout = await page.evaluate(() => {
        const box = (selector) => document.querySelector(selector)?.getBoundingClientRect();
        return {
          dir: document.documentElement.getAttribute("dir"),
          header: box(".site-header"),
          title: box(".site-title"),
          search: box(".site-search"),
        };
      });
      if (layout.dir !== "rtl") throw new Error(`<html dir="${layout.dir}">, not rtl`);
      const { header, title, search } = layout;
      if (!header || !title || !search) throw new Error("no .site-header, .site-title or .site-search");
      const middle = header.left + header.width / 2;
      if (Math.abs(title.right - header.right) > 1) {
        throw new Error(`the site's title ends at ${Math.round(title.right)} px, the header at ${Math.round(header.right)}: not at its right end`);
      }
      if (width > narrow && search.left + search.width / 2 > middle) {
        throw new Error(`the search form is centred at ${Math.round(search.left + search.width / 2)} px, right of the header's middle (${Math.round(middle)})`);
      }
      console.log(`ok - ${path} mirrors at ${width} px`);
    });
  }
  await check(`${path}: the search field's placeholder runs in its own direction`, narrow, "light", async (page) => {
    await visit(page, base + path);
    const { expected, actual, placeholder } = await placeholderDirection(page);
    if (actual !== expected) {
      throw new Error(`the placeholder "${placeholder}" is ${expected} but starts at the field's ${actual === "ltr" ? "left" : "right"} end`);
    }
    console.log(`ok - ${path}: the search field's placeholder runs ${actual}`);
  });
}

// Which way the search field's placeholder runs, seen on the screen: the field is given a font
// small enough for the whole placeholder to fit, and its screenshot says at which end the ink
// begins (Chromium's placeholder is out of the page's reach, in the field's own shadow tree).
// Expected: the direction of the placeholder's first letter.
async function placeholderDirection(page) {
  const field = page.locator(".site-search input").first();
  const placeholder = (await field.getAttribute("placeholder")) ?? "";
  const firstLetter = placeholder.match(/\p{L}/u)?.[0] ?? "";
  const rightToLeft = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;
  const expected = rightToLeft.test(firstLetter) ? "rtl" : "ltr";
  await field.evaluate((element) => {
    element.style.fontSize = "5px";
    element.style.caretColor = "transparent";
  });
  const png = (await field.screenshot()).toString("base64");
  const actual = await page.evaluate(async ({ png, background }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const [r, g, b] = background.match(/\d+/g).map(Number);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    // Columns with ink, leaving out a few pixels of border and rounded corners on each side.
    const margin = 4;
    let first = -1;
    let last = -1;
    for (let x = margin; x < image.width - margin; x += 1) {
      for (let y = margin; y < image.height - margin; y += 1) {
        const i = (y * image.width + x) * 4;
        if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 60) {
          if (first < 0) first = x;
          last = x;
          break;
        }
      }
    }
    if (first < 0) return "none";
    return first - margin < image.width - margin - last ? "ltr" : "rtl";
  }, { png, background: await field.evaluate((element) => getComputedStyle(element).backgroundColor) });
  return { expected, actual, placeholder };
}

await browser.close();
server.close();
console.log(`layout: ${passed} passed, ${failed} failed (${shots.length * widths.length * schemes.length} screenshots in ${relative(repo, out) || out}, ${auditedPages(root).length} pages checked for overflow at ${narrow} px); ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed === 0 ? 0 : 1);
