// Browser tests of a built site (default: the example site in ../../public), in Debian's
// Chromium driven by playwright-core. Serves the folder on 127.0.0.1 itself, runs every check,
// and ends with the line "N passed, N failed"; the exit code is 1 when a check failed.
//
//   node run.mjs [SITE_DIR] [NAME]
//
// With NAME, only the checks whose names contain it run (`search`: the search checks).

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

// ---- Search (Pagefind) -------------------------------------------------------------------
// Each locale has its own index and search page; a query in the address is searched at once.

const englishPaper = "/paper/2208.11695/"; // "Bugs in the Data: How ImageNet Misrepresents Biodiversity"
const press = "/zh/press/imagenet-test-set-label-errors/"; // "ImageNet验证集6%的标签都是错的…"
// 2103.14749 is the paper with French and Chinese titles (content/papers/2103.14749.{fr,zh}.md):
// "Les erreurs d'étiquetage omniprésentes dans les jeux de test…" and "测试集中普遍存在的标签错误…".
const translatedPaper = "2103.14749";

const resultLink = (href) => `#search a.pagefind-ui__result-link[href="${href}"]`;

async function searchFor(page, base, prefix, query, href) {
  await page.goto(`${base}${prefix}/search/?q=${encodeURIComponent(query)}`);
  await page.waitForSelector(resultLink(href));
}

check("search in English finds a paper by a word of its title", async (page, base) => {
  await searchFor(page, base, "", "biodiversity", englishPaper);
});

check("search in French finds a paper by a word of its French title", async (page, base) => {
  await searchFor(page, base, "/fr", "omniprésentes", `/fr/paper/${translatedPaper}/`);
  const title = await page.textContent(`${resultLink(`/fr/paper/${translatedPaper}/`)}`);
  if (!title.includes("omniprésentes")) throw new Error(`the result's title is not the French one: ${title}`);
});

check("search in Chinese finds a paper by a word of its Chinese title", async (page, base) => {
  await searchFor(page, base, "/zh", "稳定性", `/zh/paper/${translatedPaper}/`);
  const title = await page.textContent(`${resultLink(`/zh/paper/${translatedPaper}/`)}`);
  if (!title.includes("稳定性")) throw new Error(`the result's title is not the Chinese one: ${title}`);
});

check("search in Chinese finds the press article", async (page, base) => {
  await searchFor(page, base, "/zh", "数据集", press);
  await searchFor(page, base, "/zh", "标签", press);
});

for (const prefix of ["", "/fr", "/zh"]) {
  check(`a search without a match says so in the page's language (${prefix || "/"})`, async (page, base) => {
    const query = "zzqxjvw";
    await page.goto(`${base}${prefix}/search/?q=${query}`);
    const template = await page.getAttribute("#search", "data-t-zero_results");
    if (!template || !template.includes("[SEARCH_TERM]")) throw new Error(`data-t-zero_results: ${template}`);
    const expected = template.replace("[SEARCH_TERM]", query);
    await page
      .waitForFunction(
        (text) => [...document.querySelectorAll("#search .pagefind-ui__message")].some((m) => m.textContent.trim() === text),
        expected
      )
      .catch(async () => {
        const shown = await page.$$eval("#search .pagefind-ui__message", (ms) => ms.map((m) => m.textContent.trim()));
        throw new Error(`expected "${expected}", the page shows ${JSON.stringify(shown)}`);
      });
    if ((await page.$$("#search a.pagefind-ui__result-link")).length !== 0) throw new Error("results are listed");
  });
}

for (const [prefix, query, href] of [
  ["", "biodiversity", englishPaper],
  ["/fr", "omniprésentes", `/fr/paper/${translatedPaper}/`],
  ["/zh", "标签", `/zh/paper/${translatedPaper}/`],
]) {
  check(`the header's search form of a paper page leads to the search page's results (${prefix || "/"})`, async (page, base) => {
    await page.goto(`${base}${prefix}/paper/2208.11695/`);
    await page.fill("form.site-search[role=search] input#site-search-q[name=q]", query);
    await Promise.all([page.waitForURL(`**${prefix}/search/?q=*`), page.press("#site-search-q", "Enter")]);
    const url = new URL(page.url());
    if (url.pathname !== `${prefix}/search/`) throw new Error(`landed on ${url.pathname}`);
    if (url.searchParams.get("q") !== query) throw new Error(`q=${url.searchParams.get("q")}`);
    await page.waitForSelector(resultLink(href));
    const typed = await page.inputValue("#search input");
    if (typed !== query) throw new Error(`the search field holds "${typed}", not the query`);
  });
}

for (const prefix of ["", "/fr", "/zh"]) {
  check(`the search page's field is labelled (${prefix || "/"})`, async (page, base) => {
    await page.goto(`${base}${prefix}/search/`);
    const input = page.locator("#search input").first();
    await input.waitFor();
    const h1 = (await page.textContent("main h1")).trim();
    const labelledBy = await input.getAttribute("aria-labelledby");
    if (labelledBy) {
      const targets = await page.evaluate(
        (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.tagName ?? null),
        labelledBy
      );
      if (targets.includes(null)) throw new Error(`aria-labelledby="${labelledBy}" names a missing element`);
      if (!targets.includes("H1")) throw new Error(`aria-labelledby="${labelledBy}" does not name the heading`);
    }
    // The name the browser computes, as assistive technologies get it.
    const snapshot = await input.ariaSnapshot();
    const name = /^- \w+ "(.*)"/.exec(snapshot)?.[1];
    if (!name) throw new Error(`the field has no accessible name: ${snapshot}`);
    if (labelledBy && name !== h1) throw new Error(`accessible name "${name}", the heading says "${h1}"`);
  });
}

// ---- "Cite this paper": the copy button and the highlighted BibTeX ------------------------

const citeButton = "section.cite .code-block button.copy-button";
const citeCode = "section.cite .code-block pre.code code.language-bibtex";

check("the BibTeX copy button copies the entry and says so", async (page, base) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  await page.goto(base + englishPaper);
  await page.waitForSelector(citeButton, { state: "visible" });
  const label = (await page.textContent(citeButton)).trim();
  const copied = await page.getAttribute(citeButton, "data-copied-label");
  if (!copied || copied === label) throw new Error(`data-copied-label: ${copied}`);
  await page.click(citeButton);
  await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector).textContent.trim() === text,
    [citeButton, copied]
  );
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  if (!clipboard.startsWith("@misc{luccioni2022bugs,")) throw new Error(`clipboard: ${clipboard.slice(0, 60)}`);
  const shown = await page.textContent(citeCode);
  if (clipboard !== shown) throw new Error("the clipboard differs from the BibTeX on the page");
  await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector).textContent.trim() === text,
    [citeButton, label],
    { timeout: 4000 }
  );
});

check("without JavaScript the copy button is hidden and the BibTeX is there", async (_page, base, browser) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(base + englishPaper);
    if ((await page.$$(citeButton)).length !== 1) throw new Error("no copy button in the markup");
    if (await page.isVisible(citeButton)) throw new Error("the copy button is visible");
    if (!(await page.isVisible(citeCode))) throw new Error("the BibTeX is hidden");
    const text = await page.textContent(citeCode);
    if (!text.startsWith("@misc{luccioni2022bugs,")) throw new Error(`BibTeX: ${text.slice(0, 60)}`);
    if (!text.includes("title         = {{Bugs in the Data: How ImageNet Misrepresents Biodiversity}}")) {
      throw new Error("the BibTeX lacks the title");
    }
  } finally {
    await context.close();
  }
});

for (const colorScheme of ["light", "dark"]) {
  check(`the BibTeX entry key is coloured apart from the text (${colorScheme})`, async (page, base) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(base + englishPaper);
    const colours = await page.$eval(citeCode, (code) => {
      const key = code.querySelector("span.hl-entity");
      return {
        key: key && key.textContent,
        keyColour: key && getComputedStyle(key).color,
        baseColour: getComputedStyle(code.closest("pre")).color,
      };
    });
    if (colours.key !== "luccioni2022bugs") throw new Error(`span.hl-entity holds ${JSON.stringify(colours.key)}`);
    if (colours.keyColour === colours.baseColour) {
      throw new Error(`the entry key has the pre's colour ${colours.baseColour}`);
    }
  });
}

check("no page asks another host for anything (fonts, scripts and search are local)", async (page, base) => {
  const origin = new URL(base).origin;
  const elsewhere = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin) elsewhere.push(request.url());
  });
  for (const path of ["/", "/paper/2208.11695/", "/zh/press/imagenet-test-set-label-errors/", "/fr/papers/", "/zh/search/?q=标签"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
  }
  await page.waitForSelector(".pagefind-ui__result-link");
  if (elsewhere.length) throw new Error(`requests to other hosts: ${elsewhere.join(", ")}`);
});

const server = await serveSite(root);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
let passed = 0;
let failed = 0;
const only = process.argv[3];
for (const { name, run } of checks.filter((c) => !only || c.name.includes(only))) {
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
