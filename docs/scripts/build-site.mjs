// @ts-check
// Renders the bundled spec with Redocly into dist/index.html: one self-contained page that loads nothing from
// outside (Redoc inlined, telemetry off, the attribution logo served from dist/), plus the bundle itself.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const bundleYaml = require.resolve("@merchant-payments/spec/openapi.yaml");
const bundleJson = require.resolve("@merchant-payments/spec/openapi.json");
const at = (/** @type {string} */ path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const output = at("dist/index.html");
mkdirSync(at("dist"), { recursive: true });

const result = spawnSync(
  at("node_modules/.bin/redocly"),
  [
    "build-docs",
    bundleYaml,
    "--inlineBundle",
    "--output",
    output,
    "--title",
    "Merchant Payments API",
    "--config",
    "redocly.yaml",
  ],
  { cwd: at(""), stdio: "inherit", env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
);
if (result.status !== 0) process.exit(result.status ?? 1);

/** Remote images Redoc's sidebar attribution would load, and the local copies that replace them. */
const REMOTE_LOGOS = {
  "https://cdn.redoc.ly/redoc/logo-mini-full.svg": "redocly-logo-full.svg",
  "https://cdn.redoc.ly/redoc/logo-mini.svg": "redocly-logo-mini.svg",
};
let html = readFileSync(output, "utf8");
for (const [remote, local] of Object.entries(REMOTE_LOGOS)) {
  html = html.replaceAll(remote, local);
  copyFileSync(at(`assets/${local}`), at(`dist/${local}`));
}
const leftover = html
  .match(/https:\/\/cdn\.redoc(ly)?\.(ly|com)\/[^`"' )]*/g)
  ?.filter((u) => !u.includes("/icons/"));
if (leftover?.length) {
  console.error(`The page still refers to Redocly's CDN: ${[...new Set(leftover)].join(", ")}`);
  process.exit(1);
}
if (!html.includes('"disableTelemetry":true')) {
  console.error(
    "The page does not disable Redoc's telemetry: is REDOCLY_TELEMETRY=off reaching redocly?",
  );
  process.exit(1);
}
if (!html.includes('"label":"TypeScript"')) {
  console.error("The page lacks the code sample languages of redocly.yaml: did redocly read it?");
  process.exit(1);
}
// A local icon, so that browsers do not ask for /favicon.ico (a 404 on most static hosts).
html = html.replace(
  "</head>",
  '  <link rel="icon" type="image/svg+xml" href="favicon.svg">\n</head>',
);
copyFileSync(at("assets/favicon.svg"), at("dist/favicon.svg"));
writeFileSync(output, html);
copyFileSync(bundleYaml, at("dist/openapi.yaml"));
copyFileSync(bundleJson, at("dist/openapi.json"));
console.log(`Built ${output} (${Math.round(html.length / 1024)} KiB) from ${bundleYaml}`);
