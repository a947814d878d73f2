import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const run = promisify(execFile);
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const packageEntry = pathToFileURL(new URL("../dist/index.js", import.meta.url).pathname).href;

/** The code block that follows `<!-- example: name -->` in the README. */
function readmeExample(name: string): string {
  const match = new RegExp(`<!-- example: ${name} -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(
    readme,
  );
  if (!match?.[1]) throw new Error(`the README has no example ${name}`);
  return match[1];
}

test("the README's retry-handling example runs as written against the built package", async () => {
  const code = readmeExample("retry-handling").replace(
    `from "@merchant-payments/mock"`,
    `from ${JSON.stringify(packageEntry)}`,
  );
  expect(code).toContain(packageEntry);
  const dir = mkdtempSync(join(tmpdir(), "mock-readme-"));
  try {
    writeFileSync(join(dir, "example.mjs"), code);
    const { stderr } = await run(process.execPath, [join(dir, "example.mjs")], {
      timeout: 100_000,
    });
    expect(stderr).toBe("");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
