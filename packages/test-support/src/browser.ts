// Headless Chromium for browser tests: Debian's build (browser downloads do not work here), nothing in the background.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Where Chromium is looked for: `CHROME_PATH`, else Debian's `/usr/bin/chromium`; throws how to install it. */
export function findChromium(): string {
  const path = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's with \`apt-get update && apt-get install -y chromium\`, ` +
        "or set CHROME_PATH to a Chrome or Chromium executable.",
    );
  }
  return path;
}

/** True when a Chromium is installed where `findChromium` looks. */
export function hasChromium(): boolean {
  return existsSync(process.env.CHROME_PATH || "/usr/bin/chromium");
}

/** The flags every launch uses: headless, no sandbox (root), no GPU, nothing running in the background. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
] as const;

/** Launches headless Chromium (a fresh temporary profile per launch). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The test worker's one headless Chromium: launched on first use, then kept for the worker's later test files (their
 * modules stay loaded under vitest's `isolate: false`) and closed when the worker exits. A test file closes the
 * contexts and pages it opened, never this browser; a browser that disconnected is launched again.
 */
export function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium();
    shared = launching;
    launching.then(
      (browser) =>
        browser.on("disconnected", () => {
          if (shared === launching) shared = undefined;
        }),
      () => {
        if (shared === launching) shared = undefined;
      },
    );
  }
  return shared;
}

/** What a page did that a test page must never do: leave its origin, or log errors. */
export interface PageWatch {
  /** URLs of requests that left the allowed origins (aborted before they were sent). */
  outside: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
}

/**
 * Blocks and records, for every page of the context, each request whose URL does not start with one of
 * `allowed` (data: and blob: URLs never leave the browser and are allowed), and records console errors.
 */
export async function watchContext(context: BrowserContext, allowed: string[]): Promise<PageWatch> {
  const watch: PageWatch = { outside: [], errors: [] };
  const isAllowed = (url: string) =>
    url.startsWith("data:") ||
    url.startsWith("blob:") ||
    allowed.some((prefix) => url.startsWith(prefix));
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (isAllowed(url)) return route.continue();
    watch.outside.push(url);
    return route.abort("blockedbyclient");
  });
  context.on("request", (request) => {
    const url = request.url();
    if (!isAllowed(url) && !watch.outside.includes(url)) watch.outside.push(url);
  });
  context.on("page", (page) => watchPage(page, watch));
  return watch;
}

function watchPage(page: Page, watch: PageWatch): void {
  page.on("console", (message) => {
    if (message.type() === "error")
      watch.errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => watch.errors.push(`uncaught: ${error.message}`));
  page.on("websocket", (socket) => watch.outside.push(socket.url()));
}
