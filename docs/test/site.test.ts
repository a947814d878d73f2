import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { loadDocument, operations } from "@merchant-payments/spec";
import { HANG_BOUND_MS } from "@merchant-payments/test-support/vitest-preset";
import { x } from "tinyexec";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleConsole, SPEC_GLOBAL } from "../scripts/lib/console-bundle.mjs";
import { LAYOUT_VARIABLES, layoutStyle } from "../scripts/lib/layout.mjs";
import {
  NO_RELEASES,
  nestChangelog,
  RELEASES_HEADING,
  releaseNotesMarkdown,
} from "../scripts/lib/release-notes.mjs";
import { listOperations, readBundle } from "../src/samples.mjs";
import { startSiteServer } from "../src/site-server.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const html = () => readFileSync(`${dist}index.html`, "utf8");
/**
 * The page's scripts (local files, in order): the deferred Try-it script, then Redoc's code and the page's own, which
 * it names: it prefetches them once the page has loaded and runs them on the reader's first interaction.
 */
const scriptFiles = (page = html(), dir = dist) => {
  const deferred = [...page.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map(
    (m) => `${dir}${m[1]}`,
  );
  const named = deferred.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/"((?:redoc|site)\.[0-9a-f]{10}\.js)"/g)].map(
      (m) => `${dir}${m[1]}`,
    ),
  );
  return [...deferred, ...new Set(named)];
};
/** The one file of `dir` named `<base>.<hash>.js`. */
const hashedFile = (base: string, dir = dist) => {
  const names = readdirSync(dir).filter((name) =>
    new RegExp(`^${base}\\.[0-9a-f]{10}\\.js$`).test(name),
  );
  expect(names, base).toHaveLength(1);
  return `${dir}${names[0]}`;
};
/** What the reader's browser gets at page load: the page and its scripts. */
const site = () => [html(), ...scriptFiles().map((file) => readFileSync(file, "utf8"))].join("\n");
/** The page's own script: the document Redoc renders and the hand-over to the console. */
const siteScript = () => readFileSync(hashedFile("site"), "utf8");
/** The console's code, loaded on the first "Try it". */
const consoleScript = () => readFileSync(hashedFile("console"), "utf8");

/** Every string under an `example` or `examples` of `node` (data the console shows, such as an image's URL). */
function exampleStrings(node: unknown, inExample = false): string[] {
  if (typeof node === "string") return inExample ? [node] : [];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    exampleStrings(value, inExample || key === "example" || key === "examples"),
  );
}

/** A GET by node:http, which (unlike fetch) hands over the body as sent, still encoded. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
    request.on("error", reject);
  });
}

/** A changesets changelog of the client, with a heading inside code that must not become one. */
const changelogFixture = `# @merchant-payments/client

## 2.1.0

### Minor Changes

- abc1234: getTransaction accepts a signal.

\`\`\`ts
## not a heading inside code
\`\`\`

## 2.0.0

### Major Changes

- def5678: Amounts are decimals.
`;

/** Builds a throwaway site into `out` (no compressed copies), asynchronously: both builds run at once. */
const build = (out: string, env: Record<string, string>, args: string[] = []) =>
  Promise.resolve(
    x(
      process.execPath,
      [
        fileURLToPath(new URL("../scripts/build-site.mjs", import.meta.url)),
        ...["--out", out, "--no-compress", ...args],
      ],
      {
        timeout: HANG_BOUND_MS,
        throwOnError: false,
        nodeOptions: { env: { ...process.env, REDOCLY_TELEMETRY: "off", ...env } },
      },
    ),
  );
const withChangelog = fileURLToPath(new URL("../.tmp/site-with-changelog/", import.meta.url));
const withoutChangelog = fileURLToPath(new URL("../.tmp/site-without-changelog/", import.meta.url));
/**
 * The two builds of the versions section's tests (last in this file), started when this file starts and awaited by
 * their tests: independent, they run at the same time, beside this file's other tests.
 */
let builds: { with: ReturnType<typeof build>; without: ReturnType<typeof build> };
beforeAll(() => {
  for (const dir of [withChangelog, withoutChangelog])
    rmSync(dir, { recursive: true, force: true });
  mkdirSync(withChangelog, { recursive: true });
  writeFileSync(`${withChangelog}CHANGELOG.md`, changelogFixture);
  builds = {
    with: build(`${withChangelog}site`, {
      MERCHANT_PAYMENTS_CLIENT_CHANGELOG: `${withChangelog}CHANGELOG.md`,
    }),
    without: build(withoutChangelog, {}, [
      "--changelog",
      `${withoutChangelog}missing/CHANGELOG.md`,
    ]),
  };
  // A build that fails is reported by its test; no rejection is left unhandled meanwhile.
  for (const started of Object.values(builds)) started.catch(() => undefined);
});

describe("the built page", () => {
  test("loads no script, stylesheet, font, icon or image from another host", () => {
    const page = html();
    const tags = page.match(/<(script|link|img|iframe|source|video|audio)\b[^>]*>/gi) ?? [];
    for (const tag of tags)
      expect(tag).not.toMatch(/\b(src|href|srcset)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(page).not.toMatch(/@import\s+(url\()?["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?https?:\/\//i);
    expect(page).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    expect(page).not.toContain("cdn.redoc.ly");
  });

  test("embeds Redoc itself rather than loading it from a CDN, with telemetry off", () => {
    const page = html();
    // Every script is a file of the site (Redoc's own code among them), none from elsewhere.
    const sources = [
      ...[...page.matchAll(/<script[^>]+src="([^"]*)"/gi)].map((m) => m[1] ?? ""),
      ...scriptFiles(page).map((file) => file.slice(dist.length)),
    ];
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source).toMatch(/^[\w.-]+\.js$/);
      expect(existsSync(`${dist}${source}`), source).toBe(true);
    }
    expect(readFileSync(hashedFile("redoc"), "utf8")).toContain("hydrate");
    expect(site()).toContain('"disableTelemetry":true');
  });

  test("keeps Redoc's three-panel layout, with the panel widths of the layout module in its head", () => {
    const page = html();
    const options = siteScript().match(/__redoc_options = (.*);/)?.[1];
    expect(options).toBeDefined();
    expect(JSON.parse(options ?? "{}")).not.toHaveProperty("layout");
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain(layoutStyle());
    for (const [name, value] of Object.entries(LAYOUT_VARIABLES))
      expect(layoutStyle()).toContain(`${name}:${value}`);
  });

  test("embeds every operation with its TypeScript and curl samples", () => {
    const page = site();
    for (const op of listOperations()) {
      expect(page).toContain(`"operationId":"${op.operationId}"`);
      expect(page).toContain(JSON.stringify(op.typescript));
      expect(page).toContain(JSON.stringify(op.curl));
    }
  });

  test("ships the files it refers to, and the bundle", () => {
    const page = site();
    for (const local of ["favicon.svg", "redocly-logo-full.svg", "redocly-logo-mini.svg"]) {
      expect(page).toContain(local);
      expect(existsSync(`${dist}${local}`), local).toBe(true);
    }
    expect(existsSync(`${dist}openapi.yaml`)).toBe(true);
    expect(existsSync(`${dist}openapi.json`)).toBe(true);
  });
});

/**
 * The Try-it console's budgets, gzipped (level 9): its shared code once (the console with no operation: 17,900 B
 * measured after the enum selects, send-anyway and the served mock URL were added, 15,517 B before; 18,338 B once the
 * panel was split into its form, its answer view and their wiring) and each operation's share (its validators: 1,149 B per operation measured on the product spec, 685 B
 * on the grown fixture). The page's console may weigh the shared budget plus the per-operation one times the
 * spec's operation count: a growing spec grows the budget, a growing console does not.
 */
const CONSOLE_SHARED_BUDGET_GZIP = 19_000;
const CONSOLE_PER_OPERATION_BUDGET_GZIP = 1_500;
const gzipped = (text: string) => gzipSync(text, { level: 9 }).byteLength;

/** A copy of the document without its operations: what the console weighs for any spec. */
const withoutOperations = (document: unknown) => ({
  ...(document as Record<string, unknown>),
  paths: {},
});

describe("the Try-it console in the page", () => {
  test(`shares at most ${CONSOLE_SHARED_BUDGET_GZIP} B gzipped between operations, and adds at most ${CONSOLE_PER_OPERATION_BUDGET_GZIP} B per operation`, async () => {
    const script = consoleScript();
    const handOver = siteScript().match(
      new RegExp(`globalThis\\.${SPEC_GLOBAL} = [^\\n]*\\n\\s*`),
    )?.[0];
    expect(script).toBeDefined();
    expect(handOver).toBeDefined();
    const added = gzipped(`${handOver}${script}`);
    const shared = gzipped(await bundleConsole(withoutOperations(readBundle())));
    const count = operations(readBundle()).length;
    const perOperation = (added - shared) / count;
    console.log(
      `The Try-it console adds ${added} B gzipped to the page: ${shared} B shared, ${Math.round(perOperation)} B per operation (${count}).`,
    );
    expect(shared).toBeGreaterThan(5_000);
    expect(shared).toBeLessThanOrEqual(CONSOLE_SHARED_BUDGET_GZIP);
    expect(perOperation).toBeLessThanOrEqual(CONSOLE_PER_OPERATION_BUDGET_GZIP);
    expect(added).toBeLessThanOrEqual(
      CONSOLE_SHARED_BUDGET_GZIP + count * CONSOLE_PER_OPERATION_BUDGET_GZIP,
    );
  });

  test("on the grown fixture, each operation adds its validators only: within the same per-operation budget", async () => {
    const grown = loadDocument(
      createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
    );
    const all = gzipped(await bundleConsole(grown));
    const shared = gzipped(await bundleConsole(withoutOperations(grown)));
    const count = operations(grown).length;
    console.log(
      `On the grown fixture: ${all} B gzipped, ${shared} B shared, ${Math.round((all - shared) / count)} B per operation (${count}).`,
    );
    expect(shared).toBeLessThanOrEqual(CONSOLE_SHARED_BUDGET_GZIP);
    expect((all - shared) / count).toBeLessThanOrEqual(CONSOLE_PER_OPERATION_BUDGET_GZIP);
  });

  test("compiles no schema in the browser: its validators are generated code, and it fetches nothing", () => {
    const script = consoleScript();
    expect(script).not.toMatch(/new Function|\beval\(/);
    // An example's URL (Galaxy's image) is data the console shows, not an address it fetches.
    const shown = exampleStrings(readBundle()).filter((text) => /^https?:\/\//.test(text));
    const code = shown.reduce(
      (text, url) => text.replaceAll(JSON.stringify(url).slice(1, -1), ""),
      script,
    );
    expect(code).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
  });
});

describe("the site server (sirv)", () => {
  let server: Awaited<ReturnType<typeof startSiteServer>>;

  beforeAll(async () => {
    server = await startSiteServer({ root: dist });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("serves the site's index.html at / as HTML", async () => {
    const res = await fetch(server.url, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html;\s*charset=utf-8$/);
    expect(await res.text()).toBe(html());
  });

  test("ships every file compressed beside itself (.br, .gz), far smaller", () => {
    for (const name of ["index.html", "openapi.json", "favicon.svg"]) {
      const bytes = readFileSync(`${dist}${name}`);
      expect(brotliDecompressSync(readFileSync(`${dist}${name}.br`)).equals(bytes), name).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(`${dist}${name}.gz`)).equals(bytes), name).toBe(true);
    }
    const page = readFileSync(`${dist}index.html`).byteLength;
    expect(readFileSync(`${dist}index.html.br`).byteLength).toBeLessThan(page / 3);
  });

  test.each([
    ["br", "br", brotliDecompressSync],
    ["gzip, deflate", "gzip", gunzipSync],
    ["gzip, deflate, br", "br", brotliDecompressSync],
  ] as const)(
    "Accept-Encoding: %s gets Content-Encoding %s, which decodes to the same bytes",
    async (accepted, coding, decode) => {
      for (const name of ["", "openapi.json"]) {
        const answer = await rawGet(`${server.url}${name}`, { "accept-encoding": accepted });
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"]).toBe(coding);
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(answer.headers["content-type"]).toMatch(name ? /^application\/json/ : /^text\/html/);
        expect(decode(answer.body).equals(readFileSync(`${dist}${name || "index.html"}`))).toBe(
          true,
        );
      }
    },
  );

  test("without Accept-Encoding the files go out as they are", async () => {
    const answer = await rawGet(server.url, {});
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(readFileSync(`${dist}index.html`))).toBe(true);
  });

  test("serves SVG and JSON files with their content types", async () => {
    const svg = await fetch(`${server.url}favicon.svg`, { signal: AbortSignal.timeout(10_000) });
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    const json = await fetch(`${server.url}openapi.json`, { signal: AbortSignal.timeout(10_000) });
    expect(json.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect((await json.json()).openapi).toMatch(/^3\.1\./);
  });

  test("answers 404 for a missing file and for a path that climbs out of the site", async () => {
    const missing = await fetch(`${server.url}nope.html`, { signal: AbortSignal.timeout(10_000) });
    expect(missing.status).toBe(404);
    const climbing = await fetch(`${server.url}%2e%2e/package.json`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(climbing.status).toBe(404);
    const encoded = await fetch(`${server.url}..%2fpackage.json`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(encoded.status).toBe(404);
  });

  test("refuses methods other than GET and HEAD", async () => {
    const res = await fetch(server.url, { method: "POST", signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(405);
  });

  test("the serve script serves dist/ on PORT and prints the URL", async () => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL("../scripts/serve.mjs", import.meta.url))],
      {
        env: { ...process.env, PORT: "0" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    try {
      const url = await new Promise<string>((ok, fail) => {
        // A bound on a hang, not on speed: a node start can take long on a busy machine.
        const timer = setTimeout(
          () => fail(new Error(`serve printed no URL within ${HANG_BOUND_MS / 2} ms`)),
          HANG_BOUND_MS / 2,
        );
        let out = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          out += chunk;
          const found = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
          if (found) {
            clearTimeout(timer);
            ok(found[0]);
          }
        });
        child.once("exit", (code) => fail(new Error(`serve exited with ${code}`)));
      });
      expect(url).not.toBe("http://127.0.0.1:0/");
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>Merchant Payments API");
    } finally {
      child.kill("SIGTERM");
    }
  });
});

describe("the versions and changelog section", () => {
  const clientDir = createRequire(import.meta.url).resolve(
    "@merchant-payments/client/package.json",
  );
  const clientVersion = JSON.parse(readFileSync(clientDir, "utf8")).version as string;
  const specVersion = readBundle().info.version as string;

  test("nests a changesets changelog under the section without headings of its own", () => {
    expect(nestChangelog(changelogFixture)).toBe(
      [
        "**2.1.0**",
        "",
        "_Minor Changes_",
        "",
        "- abc1234: getTransaction accepts a signal.",
        "",
        "```ts",
        "## not a heading inside code",
        "```",
        "",
        "**2.0.0**",
        "",
        "_Major Changes_",
        "",
        "- def5678: Amounts are decimals.",
      ].join("\n"),
    );
  });

  test("says there are no releases yet when the client has no changelog", () => {
    const markdown = releaseNotesMarkdown({
      specVersion: "1.2.3",
      clientVersion: "4.5.6",
      changelog: undefined,
    });
    expect(markdown).toContain(`## ${RELEASES_HEADING}`);
    expect(markdown).toContain("| 1.2.3 |");
    expect(markdown).toContain("| 4.5.6 |");
    expect(markdown).toContain(NO_RELEASES);
  });

  test("the built page shows the spec version, the client version and the client's changelog", async () => {
    const run = await builds.with;
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.exitCode, run.stderr).toBe(0);
    const dir = `${withChangelog}site/`;
    const html = readFileSync(`${dir}index.html`, "utf8");
    // The page with its scripts: the document Redoc hydrates (the description's Markdown) is in its own script.
    const page = [html, ...scriptFiles(html, dir).map((file) => readFileSync(file, "utf8"))].join(
      "\n",
    );
    expect(page).toContain(RELEASES_HEADING);
    expect(page).toContain(`| ${specVersion} |`);
    expect(page).toContain(`| ${clientVersion} |`);
    for (const text of [
      "**2.1.0**",
      "getTransaction accepts a signal.",
      "**2.0.0**",
      "Amounts are decimals.",
    ])
      expect(page).toContain(text);
    expect(page).not.toContain(NO_RELEASES);
  });

  test("a missing changelog does not fail the build: the page says there are no releases yet", async () => {
    const run = await builds.without;
    expect(run.exitCode, run.stderr).toBe(0);
    const page = readFileSync(`${withoutChangelog}index.html`, "utf8");
    expect(page).toContain(RELEASES_HEADING);
    expect(page).toContain("No releases yet");
    // The page's Try-it script, and the console's code it loads, are there.
    const tryIt = scriptFiles(page, withoutChangelog).find((file) =>
      /try-it\.[0-9a-f]{10}\.js$/.test(file),
    );
    expect(tryIt).toBeDefined();
    expect(existsSync(hashedFile("console", withoutChangelog))).toBe(true);
  });
});

describe("delivery: separate hashed files, compressed and cached in every mode of the server", () => {
  let plain: Awaited<ReturnType<typeof startSiteServer>>;
  let withMock: Awaited<ReturnType<typeof startSiteServer>>;
  const mockUrl = "http://127.0.0.1:4999";

  beforeAll(async () => {
    plain = await startSiteServer({ root: dist });
    withMock = await startSiteServer({ root: dist, mockUrl });
  });
  afterAll(async () => {
    await plain?.close();
    await withMock?.close();
  });

  test("the page is Redoc's server-rendered reference with its styles, its scripts deferred and local", () => {
    const page = html();
    const redoc = page.slice(page.indexOf('<div id="redoc">'));
    // The guide's headings and the sidebar are in the HTML itself: the reader sees them before any script runs.
    for (const heading of ["Quick start", "Versions and changelog"])
      expect(redoc).toContain(heading);
    expect(redoc).toContain('data-component-name="Menu/Menu"');
    expect(page.slice(0, page.indexOf("</head>"))).toMatch(/<style[^>]*data-styled/);
    const tags = page.match(/<script\b[^>]*>/g) ?? [];
    // One script runs at load, deferred; it prefetches Redoc's code and the page's own once the page has loaded and
    // runs them on the reader's first interaction (src/console/hydration.ts).
    expect(tags.filter((tag) => /\bsrc=/.test(tag)).length).toBe(1);
    for (const tag of tags.filter((t) => /\bsrc=/.test(t))) expect(tag).toMatch(/\bdefer\b/);
    expect(page).not.toContain('rel="prefetch"');
    expect(scriptFiles().map((file) => file.slice(dist.length))).toEqual([
      hashedFile("try-it").slice(dist.length),
      hashedFile("redoc").slice(dist.length),
      hashedFile("site").slice(dist.length),
    ]);
    // No script of the page carries the console's code: it loads on the first "Try it".
    expect(site()).not.toContain(consoleScript().slice(0, 200));
    expect(readFileSync(hashedFile("try-it"), "utf8")).toContain(
      readdirSync(dist).find((f) => /^console\.[0-9a-f]{10}\.js$/.test(f)),
    );
  });

  test.each([
    ["without a mock URL", () => plain],
    ["with a mock URL (pnpm start, pnpm docs:serve)", () => withMock],
  ] as const)(
    "%s: the page goes out as built, compressed, with an ETag, revalidated",
    async (_, server) => {
      const answer = await rawGet(server().url, { "accept-encoding": "br, gzip" });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers.etag).toBeDefined();
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(answer.body).equals(readFileSync(`${dist}index.html`))).toBe(
        true,
      );
      const again = await rawGet(server().url, {
        "accept-encoding": "br, gzip",
        "if-none-match": String(answer.headers.etag),
      });
      expect(again.status).toBe(304);
    },
  );

  test("hashed files are kept for a year (immutable), compressed, with ETags", async () => {
    for (const file of scriptFiles()) {
      const name = file.slice(dist.length);
      const answer = await rawGet(`${plain.url}${name}`, {
        "accept-encoding": "gzip, deflate, br",
      });
      expect(answer.status, name).toBe(200);
      expect(answer.headers["cache-control"], name).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["content-encoding"], name).toBe("br");
      expect(answer.headers.etag, name).toBeDefined();
      expect(brotliDecompressSync(answer.body).equals(readFileSync(file)), name).toBe(true);
    }
  });

  test("config.json names the mock to the console (no-cache), and is empty without one", async () => {
    const named = await fetch(`${withMock.url}config.json`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(named.headers.get("cache-control")).toBe("no-cache");
    expect(named.headers.get("etag")).toBeTruthy();
    expect(await named.json()).toEqual({ mockUrl });
    const none = await fetch(`${plain.url}config.json`, { signal: AbortSignal.timeout(10_000) });
    expect(none.headers.get("cache-control")).toBe("no-cache");
    expect(await none.json()).toEqual({});
  });

  test("a change of the spec's text changes the page's script, never Redoc's file", async () => {
    const run = await builds.with;
    expect(run.exitCode, run.stderr).toBe(0);
    const other = `${withChangelog}site/`;
    expect(hashedFile("redoc", other).slice(other.length)).toBe(
      hashedFile("redoc").slice(dist.length),
    );
    expect(hashedFile("site", other).slice(other.length)).not.toBe(
      hashedFile("site").slice(dist.length),
    );
  });
});
