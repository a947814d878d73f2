// @ts-check
// How the site is delivered: the page, Redoc's code, the page's own script and the console's code as separate
// files, the code ones content-hashed (`redoc.<hash>.js`) so that a server may let browsers keep them for a year
// (a change of the spec changes `site.<hash>.js`, never Redoc's file). Every script is a classic `defer` one, not a
// module: Chromium refuses module scripts on a page opened from `file://`, and the site must work from there too.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** A hashed file's name: `<base>.<10 hex digits of the SHA-256 of its content><ext>`. */
export const HASHED_NAME = /\.[0-9a-f]{10}\.(js|css)$/;

/** The global the page's Redoc script sets to Redoc's exports (`hydrate`, `init`, `RedocStandalone`). */
const REDOC_GLOBAL = "RedocStandalone";

/** The site's small runtime configuration, fetched by the console (the site server writes its own). */
export const CONFIG_FILE = "config.json";

/**
 * Writes `content` to `<dir>/<base>.<hash><ext>` and returns that file name.
 * @param {string} dir
 * @param {string} base
 * @param {string} ext e.g. ".js"
 * @param {string} content
 */
export function writeHashed(dir, base, ext, content) {
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
  const name = `${base}.${hash}${ext}`;
  writeFileSync(join(dir, name), content);
  return name;
}

/** The Redoc standalone ES module shipped with @redocly/cli (what `build-docs --inlineBundle` inlines). */
export function redocStandaloneSource() {
  const require = createRequire(import.meta.url);
  const cli = dirname(require.resolve("@redocly/cli/package.json"));
  return readFileSync(join(cli, "lib/chunks/redoc.standalone.js"), "utf8");
}

const REDOC_EXPORT = "export{RedocStandalone,hydrate,init};";

/**
 * Redoc's standalone module as a classic script that sets `globalThis.RedocStandalone` to its exports: the same code,
 * in a strict function instead of a module (whose one `export` statement it replaces).
 * @param {string} source the module's text
 */
export function redocClassicScript(source) {
  const at = source.lastIndexOf(REDOC_EXPORT);
  if (at < 0 || source.slice(at + REDOC_EXPORT.length).trim())
    throw new Error(`Redoc's standalone module no longer ends with ${REDOC_EXPORT}`);
  const licence = source.match(/^\/\*\*[\s\S]*?\*\*\/\n/)?.[0] ?? "";
  // `import.meta` is a module's only: a classic script gets its own URL (the worker paths of Node builds use it).
  const body = source
    .slice(licence.length, at)
    .replace(/(?<!["'`])\bimport\.meta\b/g, "__importMeta");
  const meta =
    'var __importMeta={url:(document.currentScript&&document.currentScript.src)||location.href,dirname:""};';
  return `${licence}(function(){"use strict";${meta}\n${body}\nglobalThis.${REDOC_GLOBAL}={RedocStandalone,hydrate,init};\n})();\n`;
}

/**
 * The parts of a page written by `redocly build-docs` (without `--inlineBundle`): the page without its script and the
 * CDN preload, and what the script handed to Redoc's `hydrate` (the document and the options, as JS text).
 * @param {string} html
 * @returns {{ page: string, definition: string, options: string }}
 */
export function splitRedocPage(html) {
  const script = html.match(/<script type="module">([\s\S]*?)<\/script>/);
  const definition = script?.[1]?.match(/const __redoc_definition = (.*);\n/)?.[1];
  const options = script?.[1]?.match(/const __redoc_options = (.*);\n/)?.[1];
  if (!script || !definition || !options || !script[1]?.includes("hydrate(__redoc_definition"))
    throw new Error("the page of redocly build-docs has no hydrate script of the expected shape");
  const page = html
    .replace(script[0], "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/\n\s*\n\s*\n/g, "\n");
  return { page, definition, options };
}

/** The global the page's own script sets to `{ hydrate() }`; the Try-it script calls it (src/console/hydration.ts). */
export const PAGE_GLOBAL = "merchantPaymentsRedocPage";

/**
 * The page's own script, loaded with Redoc's on the reader's first interaction: hands a copy of the document to the
 * Try-it console (`globalThis[specGlobal]`) and sets `globalThis.merchantPaymentsRedocPage.hydrate()`, which
 * hydrates Redoc's server-rendered markup in `#redoc`.
 * @param {{ definition: string, options: string, specGlobal: string }} parts JS text of the document and options
 */
export function siteScript({ definition, options, specGlobal }) {
  return `(function(){"use strict";
var __redoc_definition = ${definition};
var __redoc_options = ${options};
globalThis.${specGlobal} = structuredClone(__redoc_definition);
globalThis.${PAGE_GLOBAL} = { hydrate: function () {
  return globalThis.${REDOC_GLOBAL}.hydrate(__redoc_definition, __redoc_options, document.getElementById("redoc"));
} };
})();
`;
}

/**
 * The `<script defer>` tags of `files`, in order (deferred scripts run in document order, after parsing).
 * @param {string[]} files
 */
export function deferredScripts(files) {
  return files.map((file) => `<script defer src="${file}"></script>`).join("\n");
}
