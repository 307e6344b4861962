// What the tests of a built site share (run.mjs, a11y.mjs, layout.mjs): a static server for
// the site's folder, the folder itself, and the pages that the accessibility and layout
// checks visit.

import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const here = fileURLToPath(new URL(".", import.meta.url));
export const repo = resolve(here, "..", "..");

/** The site to test: the first command-line argument, else the example site in public/. */
export function siteRoot(argument = process.argv[2]) {
  return resolve(argument ?? join(repo, "public"));
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".xml": "application/xml",
  ".md": "text/markdown; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/**
 * Serves the folder `root` on 127.0.0.1 (a free port), a folder's address answering with its
 * index.html, as a static host would. Resolves to the server; its address is
 * `http://127.0.0.1:${server.address().port}`.
 */
export function serveSite(root) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    let file = join(root, path);
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/**
 * The pages that a11y.mjs and layout.mjs visit: one of each kind, the paper page in every
 * locale. The search page only once the site has one, and Arabic pages when the site has
 * Arabic (.ci/run's right-to-left copy of the example site: see rightToLeftPages).
 */
export function auditedPages(root) {
  const pages = [
    "/",
    "/paper/2208.11695/",
    "/fr/paper/2208.11695/",
    "/zh/paper/2208.11695/",
    "/papers/",
    "/fr/category/meta-research/",
    "/zh/press/imagenet-test-set-label-errors/",
  ];
  if (existsSync(join(root, "search", "index.html"))) pages.push("/search/");
  pages.push(...rightToLeftPages(root));
  return pages;
}

/** The Arabic pages of a site that has Arabic (none otherwise): pages laid out right to left. */
export function rightToLeftPages(root) {
  if (!existsSync(join(root, "ar", "index.html"))) return [];
  return ["/ar/", "/ar/paper/2208.11695/", "/ar/subfield/computer-vision-and-pattern-recognition/"];
}

/** Goes to `url` and throws unless the server answered 200. */
export async function visit(page, url) {
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response || response.status() !== 200) throw new Error(`${url} answered ${response ? response.status() : "nothing"}`);
  await page.evaluate(() => document.fonts.ready);
}
