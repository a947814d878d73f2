// The site for agents and tools: llms.txt in the llmstxt.org format, llms-full.txt, and one Markdown page per
// operation, generated from the spec model; each page carries the TypeScript and curl samples the site shows,
// byte for byte; every link of every file resolves. On the product's built site and on the grown fixture's.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { OperationSpec } from "@merchant-payments/spec/model";
import { operations } from "@merchant-payments/spec/model";
import { afterAll, describe, expect, test } from "vitest";
import { AGENTS_NOTE, operationPage, writeAgentDocs } from "../scripts/lib/agent-docs.mjs";
import { readBundle } from "../src/samples.mjs";
import { grownDocument } from "./support/grown-fixture.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const grownSite = mkdtempSync(join(tmpdir(), "merchant-payments-agent-docs-"));
writeAgentDocs(grownSite, { document: grownDocument, title: String(grownDocument.info.title) });
afterAll(() => rmSync(grownSite, { recursive: true, force: true }));

/** The Markdown links of `text` (not images), with their text. */
const links = (text: string) =>
  [...text.matchAll(/(?<!!)\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({
    name: m[1] ?? "",
    url: m[2] ?? "",
  }));

/** Text outside fenced code blocks (a sample's own brackets are not links). */
const prose = (text: string) => text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, "");

/** The fenced code blocks of `text`, each without its fences. */
const codeBlocks = (text: string) =>
  [...text.matchAll(/^(`{3,})[^\n]*\n([\s\S]*?)\n\1$/gm)].map((m) => m[2] ?? "");

/** Every file of the site that an agent reads: llms.txt, llms-full.txt, each operation's page. */
const agentFiles = (site: string, ops: readonly OperationSpec[]) => [
  join(site, "llms.txt"),
  join(site, "llms-full.txt"),
  ...ops.map((op) => join(site, operationPage(op))),
];

describe.each([
  ["the product's site", dist, () => operations(readBundle())],
  ["the grown fixture's", grownSite, () => operations(grownDocument)],
] as const)("%s", (_, site, ops) => {
  test("has one Markdown page per operation, and no other", () => {
    const pages = readdirSync(join(site, "operations")).filter((name) => name.endsWith(".md"));
    expect(pages.sort()).toEqual(
      ops()
        .map((op) => `${op.operationId}.md`)
        .sort(),
    );
  });

  test("llms.txt: an H1 title, a blockquote summary, H2 sections of `- [name](url): note`, a link per operation", () => {
    const text = readFileSync(join(site, "llms.txt"), "utf8");
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((line) => line.trim() !== "" && !line.startsWith("# "))).toMatch(/^> \S/);
    const sections = text.split(/^## /m).slice(1);
    expect(sections.length).toBeGreaterThan(1);
    for (const section of sections) {
      const items = section.split("\n").filter((line) => line.startsWith("- "));
      expect(items.length, section.split("\n")[0]).toBeGreaterThan(0);
      for (const item of items) expect(item).toMatch(/^- \[[^\]]+\]\([^)\s]+\)(: .+)?$/);
    }
    for (const op of ops()) expect(text).toContain(`](${operationPage(op)})`);
  });

  test("each operation's page and llms-full.txt carry its samples exactly as the site shows them", () => {
    const full = readFileSync(join(site, "llms-full.txt"), "utf8");
    for (const op of ops()) {
      const page = readFileSync(join(site, operationPage(op)), "utf8");
      expect(page).toContain(`${op.method} ${op.path}`);
      expect(op.codeSamples.length, op.operationId).toBeGreaterThan(0);
      for (const sample of op.codeSamples) {
        const source = sample.source.replace(/\n+$/, "");
        expect(codeBlocks(page), `${op.operationId} ${sample.label}`).toContain(source);
        expect(codeBlocks(full), `${op.operationId} ${sample.label}`).toContain(source);
      }
      for (const heading of ["Parameters", "Request", "Answers", "Security and limits", "Samples"])
        expect(page).toContain(`\n## ${heading}\n`);
      for (const response of op.responses) expect(page).toContain(`\n### ${response.status}\n`);
    }
  });

  test("every link of every file resolves to a file of the site", () => {
    for (const file of agentFiles(site, ops())) {
      const found = links(prose(readFileSync(file, "utf8")));
      expect(found.length, file).toBeGreaterThan(0);
      for (const { url } of found) {
        if (/^[a-z]+:/i.test(url)) throw new Error(`${file} links outside the site: ${url}`);
        const target = resolve(dirname(file), url.split("#")[0] ?? "");
        // index.html and openapi.json are written by the site's build (the grown site here has only the agents' files).
        if (site === grownSite && /(index\.html|openapi\.json)$/.test(target)) continue;
        expect(existsSync(target), `${file} -> ${url}`).toBe(true);
      }
    }
  });
});

describe("the product's page", () => {
  test("links llms.txt and llms-full.txt from the reference and from the site's root", () => {
    const site = [dist, ...readdirSync(dist).filter((f) => /^site\.[0-9a-f]{10}\.js$/.test(f))];
    const script = readFileSync(join(dist, site[1] ?? ""), "utf8");
    expect(script).toContain(JSON.stringify(AGENTS_NOTE).slice(1, -1));
    for (const name of ["llms.txt", "llms-full.txt"])
      expect(existsSync(join(dist, name))).toBe(true);
    // Server-rendered: the link is in the page's HTML itself, before any script runs.
    expect(readFileSync(join(dist, "index.html"), "utf8")).toMatch(/href="llms\.txt"/);
  });
});
