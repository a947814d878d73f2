// @ts-check
// Renders the bundled spec with Redocly into dist/index.html: Redoc's server-rendered reference (markup and styles),
// hydrated on the reader's first interaction by local scripts (Redoc's code and the page's own script, prefetched after
// load and run by the deferred Try-it script: separate hashed files, scripts/lib/delivery.mjs), loading nothing from
// outside (telemetry off, the attribution logo served from dist/),
// with a "Security and limits" section (scripts/lib/security-limits.mjs), a "Versions and changelog" section and a
// Try-it console in every operation, loaded on the first "Try it"; llms.txt, llms-full.txt and a Markdown page per
// operation (scripts/lib/agent-docs.mjs); plus the bundle itself. Every file is also written compressed beside itself (`.br`, `.gz`), which the
// site server sends to a browser that accepts the encoding.
//
//   node scripts/build-site.mjs [--out <dir>] [--changelog <file>] [--spec <bundle.json>] [--no-compress]
//
// --out defaults to dist/; --spec renders another bundled spec (JSON; e.g. the grown test fixture,
// `@merchant-payments/spec/fixtures/grown.json`) instead of the product's; --changelog (or MERCHANT_PAYMENTS_CLIENT_CHANGELOG) defaults to the client's
// CHANGELOG.md. A missing changelog renders "no releases yet". --no-compress writes no `.br`/`.gz` copies (the tests'
// throwaway sites: best-quality brotli of the 3 MB page takes seconds).
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadDocument, withModelExamples } from "@merchant-payments/spec";
import { OWASP_TOPICS, owaspAnswers } from "@merchant-payments/spec/owasp-answers";
import { accessiblePage } from "./lib/accessibility.mjs";
import { AGENTS_NOTE, writeAgentDocs } from "./lib/agent-docs.mjs";
import { compressSite } from "./lib/compress.mjs";
import { bundleConsole, bundleLoader, SPEC_GLOBAL } from "./lib/console-bundle.mjs";
import {
  CONFIG_FILE,
  deferredScripts,
  HASHED_NAME,
  PAGE_GLOBAL,
  redocClassicScript,
  redocStandaloneSource,
  siteScript,
  splitRedocPage,
  writeHashed,
} from "./lib/delivery.mjs";
import { layoutStyle } from "./lib/layout.mjs";
import { releaseNotesMarkdown } from "./lib/release-notes.mjs";
import { securityAndLimitsMarkdown } from "./lib/security-limits.mjs";
import { toolkitLimits } from "./lib/toolkit-limits.mjs";

const require = createRequire(import.meta.url);
const at = (/** @type {string} */ path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const { values: args } = parseArgs({
  options: {
    out: { type: "string" },
    changelog: { type: "string" },
    spec: { type: "string" },
    "no-compress": { type: "boolean", default: false },
  },
});
const outDir = resolve(args.out ?? at("dist"));
const bundleYaml = args.spec ? undefined : require.resolve("@merchant-payments/spec/openapi.yaml");
const bundleJson = args.spec
  ? resolve(args.spec)
  : require.resolve("@merchant-payments/spec/openapi.json");
const clientManifest = require.resolve("@merchant-payments/client/package.json");
const changelogFile = resolve(
  args.changelog ??
    process.env.MERCHANT_PAYMENTS_CLIENT_CHANGELOG ??
    join(dirname(clientManifest), "CHANGELOG.md"),
);
const output = join(outDir, "index.html");
mkdirSync(outDir, { recursive: true });
// Hashed files of an earlier build (and their compressed copies) would otherwise pile up.
for (const name of readdirSync(outDir))
  if (HASHED_NAME.test(name.replace(/\.(br|gz)$/, ""))) rmSync(join(outDir, name));

// The page renders a copy of the bundle whose description ends with the versions and the client's changelog.
const document = loadDocument(bundleJson);
const releases = releaseNotesMarkdown({
  specVersion: String(document.info.version),
  clientVersion: String(JSON.parse(readFileSync(clientManifest, "utf8")).version),
  changelog: existsSync(changelogFile) ? readFileSync(changelogFile, "utf8") : undefined,
});
// The product's site also says what the interface document leaves open and what the toolkit does meanwhile (the
// OWASP answers of the spec; the client's and the mock's limits); another spec (--spec) has no such answers.
const security = args.spec
  ? ""
  : `${securityAndLimitsMarkdown({
      document,
      answers: owaspAnswers,
      topics: OWASP_TOPICS,
      ...(await toolkitLimits()),
    })}\n\n`;
// Redoc shows a JSON body's own example, else one it makes up from the schema: the copy holds the spec model's
// (composed from the properties' examples where the document gives none), the value every other package shows.
const siteDocument = /** @type {typeof document} */ (withModelExamples(document));
siteDocument.info.description = `${String(document.info.description ?? "").trimEnd()}\n\n${AGENTS_NOTE}\n\n${security}${releases}`;
const siteSpec = join(mkdtempSync(join(tmpdir(), "merchant-payments-docs-")), "openapi.json");
writeFileSync(siteSpec, JSON.stringify(siteDocument));

const result = spawnSync(
  at("node_modules/.bin/redocly"),
  [
    "build-docs",
    siteSpec,
    "--output",
    output,
    "--title",
    String(document.info.title ?? "Merchant Payments API"),
    "--config",
    "redocly.yaml",
  ],
  {
    cwd: at(""),
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    timeout: 300_000,
  },
);
rmSync(dirname(siteSpec), { recursive: true, force: true });
if (result.status !== 0) process.exit(result.status ?? 1);

/** @param {string} message */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Remote images Redoc's sidebar attribution would load, and the local copies that replace them. */
const REMOTE_LOGOS = {
  "https://cdn.redoc.ly/redoc/logo-mini-full.svg": "redocly-logo-full.svg",
  "https://cdn.redoc.ly/redoc/logo-mini.svg": "redocly-logo-mini.svg",
};
let html = readFileSync(output, "utf8");
for (const [remote, local] of Object.entries(REMOTE_LOGOS)) {
  html = html.replaceAll(remote, local);
  copyFileSync(at(`assets/${local}`), join(outDir, local));
}
if (!/__redoc_options = .*"disableTelemetry":true/.test(html))
  fail("The page does not disable Redoc's telemetry: is REDOCLY_TELEMETRY=off reaching redocly?");
if (!html.includes('"label":"TypeScript"'))
  fail("The page lacks the code sample languages of redocly.yaml: did redocly read it?");
// A local icon, so that browsers do not ask for /favicon.ico (a 404 on most static hosts), and the panel widths.
html = html.replace(
  "</head>",
  `  <link rel="icon" type="image/svg+xml" href="favicon.svg">\n  ${layoutStyle()}\n</head>`,
);
copyFileSync(at("assets/favicon.svg"), join(outDir, "favicon.svg"));

// Delivery (scripts/lib/delivery.mjs): Redoc's code, the page's script (the document and the hydrate call) and the
// Try-it script as separate hashed files; the Try-it script deferred, the other two prefetched by it once the page
// has loaded and run on the reader's first interaction (src/console/hydration.ts); the console's code loads on the
// first "Try it".
const parts = splitRedocPage(html);
const consoleFile = writeHashed(outDir, "console", ".js", await bundleConsole(document));
let redocCode = redocClassicScript(redocStandaloneSource());
for (const [remote, local] of Object.entries(REMOTE_LOGOS))
  redocCode = redocCode.replaceAll(remote, local);
const redocFile = writeHashed(outDir, "redoc", ".js", redocCode);
const siteFile = writeHashed(
  outDir,
  "site",
  ".js",
  siteScript({ ...parts, specGlobal: SPEC_GLOBAL }),
);
const tryItFile = writeHashed(
  outDir,
  "try-it",
  ".js",
  await bundleLoader(consoleFile, { redocFile, siteFile, pageGlobal: PAGE_GLOBAL }),
);
const scripts = [redocFile, siteFile, tryItFile];
html = accessiblePage(parts.page).replace("</body>", `${deferredScripts([tryItFile])}\n</body>`);
const leftover = [html, ...scripts.map((file) => readFileSync(join(outDir, file), "utf8"))]
  .join("\n")
  .match(/https:\/\/cdn\.redoc(ly)?\.(ly|com)\/[^`"' )]*/g)
  ?.filter((u) => !u.includes("/icons/"));
if (leftover?.length)
  fail(`The page still refers to Redocly's CDN: ${[...new Set(leftover)].join(", ")}`);
writeFileSync(join(outDir, CONFIG_FILE), "{}\n");
writeAgentDocs(outDir, {
  document,
  title: String(document.info.title ?? "Merchant Payments API"),
  guide: siteDocument.info.description,
  answers: args.spec ? [] : owaspAnswers,
});
writeFileSync(output, html);
if (bundleYaml) copyFileSync(bundleYaml, join(outDir, "openapi.yaml"));
copyFileSync(bundleJson, join(outDir, "openapi.json"));
const compressed = args["no-compress"] ? undefined : compressSite(outDir);
const kib = (/** @type {number} */ bytes) => Math.round(bytes / 1024);
console.log(
  `Built ${output} (${kib(Buffer.byteLength(html))} KiB; ${scripts.join(", ")}; the Try-it console ${consoleFile}, ${kib(
    readFileSync(join(outDir, consoleFile)).byteLength,
  )} KiB, loaded on the first "Try it") from ${bundleYaml ?? bundleJson}; client changelog: ${
    existsSync(changelogFile) ? changelogFile : "none yet"
  }; ${
    compressed
      ? `shipped compressed too: ${kib(compressed.raw)} KiB as ${kib(compressed.br)} KiB brotli, ${kib(compressed.gz)} KiB gzip`
      : "not compressed (--no-compress)"
  }`,
);
