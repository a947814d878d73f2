// Redoc's code hydrates the server-rendered reference on the reader's first interaction, not at page load: the page
// is whole without it (the guide, the sidebar, their styles), and Redoc's 2 MB of code and its hydration (building
// the document's model, then React's hydration of the markup) would block the main thread for about a second at
// load. The first pointer press, key, focus, touch, wheel or scroll loads Redoc's file and the page's own
// (`site.<hash>.js`: the document and the hydrate call; both prefetched once the page has loaded, so from the
// cache), then hydrates; a page opened on a deep link (`#/tag/operation`) hydrates at once. Until Redoc's React
// root exists, a click in the reference is held and replayed on the same element after (hydration keeps the server's
// nodes), and a sidebar link goes to its section in the page at once instead of to a path the server does not have.

/** Redoc's file and the page's own, hashed (defined by the build). */
declare const REDOC_FILE: string;
declare const SITE_FILE: string;
/** The global the page's own script sets to `{ hydrate() }` (defined by the build). */
declare const PAGE_GLOBAL: string;

/** What the page's own script exports: the call that hydrates Redoc's markup in `#redoc`. */
interface RedocPage {
  hydrate(): Promise<void>;
}

/** The events that say a reader is using the page (capture phase: scroll and focus do not bubble). */
const INTENT = ["pointerdown", "keydown", "focusin", "touchstart", "wheel", "scroll"] as const;
/** Where Redoc's markup is. */
const ROOT = "redoc";

let hydrating: Promise<void> | undefined;
/** Whether Redoc's React root exists: React then handles a click itself (it hydrates the target first). */
let rootCreated = false;
/** The element of a click held before the root existed. */
let held: Element | undefined;

/** Loads the classic script `src` once; resolves when it has run. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

/** Hydrates Redoc's markup once (loading its code first); resolves when React's root exists. */
function hydrateRedoc(): Promise<void> {
  hydrating ??= (async () => {
    for (const type of INTENT) window.removeEventListener(type, onIntent, true);
    await Promise.all([loadScript(REDOC_FILE), loadScript(SITE_FILE)]);
    const page = (globalThis as unknown as Record<string, RedocPage | undefined>)[PAGE_GLOBAL];
    if (!page) throw new Error(`${SITE_FILE} set no ${PAGE_GLOBAL}`);
    await page.hydrate();
    rootCreated = true;
    document.removeEventListener("click", holdClick, true);
    const target = held;
    held = undefined;
    // React's root listens now: a click on a node it has not hydrated yet makes it hydrate that node first.
    if (target?.isConnected)
      target.dispatchEvent(
        new MouseEvent("click", { bubbles: true, cancelable: true, view: window }),
      );
  })();
  return hydrating;
}

function onIntent(): void {
  void hydrateRedoc();
}

/** A link of the server's markup to a section of this page (`/section/errors`, `/fees`), else undefined. */
function pagePath(link: HTMLAnchorElement | null): string | undefined {
  const href = link?.getAttribute("href");
  return href?.startsWith("/") && !href.startsWith("//") ? href : undefined;
}

/** Holds a click in the reference before Redoc's root exists; a link to a section scrolls there meanwhile. */
function holdClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (rootCreated || !target?.closest(`#${ROOT}`) || target.closest("[data-try-it-open]")) return;
  const link = target.closest<HTMLAnchorElement>("a[href]");
  // A fragment or another site's link works as it is.
  if (link && !pagePath(link)) return;
  const path = pagePath(link);
  if (path) {
    event.preventDefault();
    document.getElementById(decodeURIComponent(path.slice(1)))?.scrollIntoView();
  }
  held = target;
  void hydrateRedoc();
}

/**
 * Prefetches Redoc's file and the page's own once the page has loaded and the browser is idle, so that the reader's
 * first interaction finds them in the cache. Not a `<link rel="prefetch">` of the head: on a slow network its 500 KB
 * would share the line with the page's own bytes and hold back its largest paint.
 */
function prefetchWhenIdle(): void {
  const prefetch = () => {
    if (hydrating) return;
    for (const href of [REDOC_FILE, SITE_FILE]) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.as = "script";
      link.href = href;
      document.head.append(link);
    }
  };
  /** After the load event, when the main thread is idle (at most 2 s later). */
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(prefetch, { timeout: 2_000 });
    else setTimeout(prefetch, 200);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/**
 * Hydrates Redoc on the first sign of a reader (or at once on a deep link); meanwhile holds clicks in the reference.
 */
export function hydrateOnIntent(): void {
  if (location.hash.length > 1) {
    void hydrateRedoc();
    return;
  }
  document.addEventListener("click", holdClick, true);
  prefetchWhenIdle();
  for (const type of INTENT)
    window.addEventListener(type, onIntent, { capture: true, passive: true });
}
