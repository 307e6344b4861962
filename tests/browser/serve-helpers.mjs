// What serve.mjs and serve-bench.mjs share: finding the papermap binary, copying the example
// site, starting `papermap serve --port 0` and reading its output, launching Chromium, and
// polling a page across the reloads that live reload makes.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const here = fileURLToPath(new URL(".", import.meta.url));
export const repo = resolve(here, "..", "..");

/** The binary to test: $PAPERMAP_BIN, else the release build when present, else the debug one. */
export function papermapBinary() {
  if (process.env.PAPERMAP_BIN) return resolve(process.env.PAPERMAP_BIN);
  const release = join(repo, "target", "release", "papermap");
  return existsSync(release) ? release : join(repo, "target", "debug", "papermap");
}

/** A copy of the example site (site.toml, content, i18n, themes) in a new temporary folder. */
export async function copyExampleSite() {
  const dir = await mkdtemp(join(tmpdir(), "papermap-serve-"));
  for (const entry of ["site.toml", "content", "i18n", "themes"]) {
    await cp(join(repo, entry), join(dir, entry), { recursive: true });
  }
  return dir;
}

/**
 * Starts `papermap serve --port 0` in `root` and waits (up to `timeout` ms) for its serving line.
 * Returns { url, process, output, lines, stop }: `output()` is everything it printed so far,
 * `lines` every line of its standard output and error, in order.
 */
export async function startServe(root, { binary = papermapBinary(), timeout = 60000, args = [] } = {}) {
  const child = spawn(binary, ["serve", "--port", "0", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const lines = [];
  const listeners = new Set();
  let text = "";
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      text += chunk;
      partial += chunk;
      const parts = partial.split("\n");
      partial = parts.pop();
      for (const line of parts) {
        lines.push(line);
        for (const listener of listeners) listener(line);
      }
    });
  }
  let exited = null;
  const exit = new Promise((done) => {
    child.on("exit", (code, signal) => done((exited = { code, signal })));
    // A binary that cannot start never exits.
    child.on("error", (error) => child.pid === undefined && done((exited = { code: null, signal: null, error })));
  });
  const stop = async () => {
    if (exited) return;
    child.kill("SIGINT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    await exit;
    clearTimeout(timer);
  };
  // Never leave the server behind, whatever happens to this process.
  process.on("exit", () => {
    if (!exited) child.kill("SIGKILL");
  });
  const url = await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no serving line within ${timeout} ms; output:\n${text}`)), timeout);
    const look = (line) => {
      const match = /^papermap: serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
      if (match) {
        clearTimeout(timer);
        listeners.delete(look);
        done(match[1]);
      }
    };
    for (const line of lines) look(line);
    listeners.add(look);
    exit.then(({ code, signal, error }) =>
      fail(new Error(error ? `cannot start ${binary}: ${error.message}` : `${binary} exited (${code ?? signal}) before serving; output:\n${text}`)),
    );
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  return { url, process: child, output: () => text, lines, onLine: (f) => listeners.add(f), offLine: (f) => listeners.delete(f), stop };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

/**
 * Evaluates `fn(arg)` in the page every `interval` ms until it returns a truthy value, and
 * returns that value; throws after `timeout` ms with the last value seen. An evaluation that a
 * navigation interrupts (the page reloading itself) is simply retried.
 */
export async function until(page, fn, arg, { timeout = 10000, interval = 50, what = "the condition" } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await page.evaluate(fn, arg);
      if (last) return last;
    } catch (e) {
      last = `(${e.message.split("\n")[0]})`;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeout} ms (last: ${JSON.stringify(last)})`);
    await new Promise((done) => setTimeout(done, interval));
  }
}

/**
 * Makes every page of `context` record its EventSources in `window.__papermapSources`, so that a
 * test can wait until the live-reload stream is open before it edits anything.
 */
export async function recordEventSources(context) {
  await context.addInitScript(() => {
    const Original = window.EventSource;
    window.__papermapSources = [];
    window.EventSource = class extends Original {
      constructor(...args) {
        super(...args);
        window.__papermapSources.push(this);
      }
    };
  });
}

/** Waits until the page's live-reload event stream is open (the server then sends it every edit). */
export function streamOpen(page, timeout = 10000) {
  return until(page, () => (window.__papermapSources ?? []).some((s) => s.readyState === 1 && new URL(s.url).pathname === "/__papermap/events"), null, {
    timeout,
    what: "the live-reload event stream opening",
  });
}
