// The grown-product copy's turbo cache, seeded from the repository's (scripts/lib/workspace-copy.mjs): the copy
// replays what the repository cached, keeps what it cached itself, and starts empty when the repository has none.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
// @ts-expect-error: a plain .mjs module of the root scripts, without declarations
import * as workspaceCopy from "../../../scripts/lib/workspace-copy.mjs";

const { seedTurboCache } = workspaceCopy as { seedTurboCache(from: string, to: string): void };

function cacheWith(entries: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "turbo-cache-"));
  for (const [name, text] of Object.entries(entries)) writeFileSync(join(dir, name), text);
  return dir;
}

test("every entry the copy lacks is added, as a hard link to the repository's", () => {
  const from = cacheWith({ "a1-meta.json": "{}", "a1.tar.zst": "archive a1" });
  const to = join(mkdtempSync(join(tmpdir(), "copy-")), ".turbo", "cache");
  seedTurboCache(from, to);
  expect(readFileSync(join(to, "a1.tar.zst"), "utf8")).toBe("archive a1");
  expect(statSync(join(to, "a1.tar.zst")).ino).toBe(statSync(join(from, "a1.tar.zst")).ino);
  expect(readFileSync(join(to, "a1-meta.json"), "utf8")).toBe("{}");
});

test("an entry the copy has (its own prepared build) is kept, not replaced", () => {
  const from = cacheWith({ "b2.tar.zst": "the repository's", "c3.tar.zst": "only there" });
  const to = cacheWith({ "b2.tar.zst": "the copy's" });
  seedTurboCache(from, to);
  expect(readFileSync(join(to, "b2.tar.zst"), "utf8")).toBe("the copy's");
  expect(readFileSync(join(to, "c3.tar.zst"), "utf8")).toBe("only there");
});

test("a repository without a cache leaves the copy's cache an empty folder", () => {
  const to = join(mkdtempSync(join(tmpdir(), "copy-")), "cache");
  seedTurboCache(join(tmpdir(), "no-such-cache-folder-here"), to);
  expect(readdirSync(to)).toEqual([]);
});
