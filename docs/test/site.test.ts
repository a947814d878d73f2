import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listOperations } from "../src/samples.mjs";
import { startSiteServer } from "../src/site-server.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const html = () => readFileSync(`${dist}index.html`, "utf8");

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
    expect(page).not.toMatch(/<script[^>]+src=/i);
    expect(page).toContain('"disableTelemetry":true');
  });

  test("embeds every operation with its TypeScript and curl samples", () => {
    const page = html();
    for (const op of listOperations()) {
      expect(page).toContain(`"operationId":"${op.operationId}"`);
      expect(page).toContain(JSON.stringify(op.typescript));
      expect(page).toContain(JSON.stringify(op.curl));
    }
  });

  test("ships the files it refers to, and the bundle", () => {
    const page = html();
    for (const local of ["favicon.svg", "redocly-logo-full.svg", "redocly-logo-mini.svg"]) {
      expect(page).toContain(local);
      expect(existsSync(`${dist}${local}`), local).toBe(true);
    }
    expect(existsSync(`${dist}openapi.yaml`)).toBe(true);
    expect(existsSync(`${dist}openapi.json`)).toBe(true);
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
        const timer = setTimeout(() => fail(new Error("serve printed no URL within 10 s")), 10_000);
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
