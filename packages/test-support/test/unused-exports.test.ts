// Unused code stays out (issue 43): knip (root `knip.json`, every workspace's entries) finds no file nothing imports,
// no export and no exported type used only in its own file. `pnpm knip` lists them; `pnpm knip --fix` removes them.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** One finding of knip's JSON reporter: a file and what in it nothing else uses. */
interface KnipFile {
  file: string;
  files: unknown[];
  exports: { name: string; line: number }[];
  types: { name: string; line: number }[];
}

/** Every finding as one line: `file:line export name` or `file: unused file`. */
function findingLines(files: readonly KnipFile[]): string[] {
  return files.flatMap((f) => [
    ...(f.files.length > 0 ? [`${f.file}: unused file`] : []),
    ...f.exports.map((e) => `${f.file}:${e.line} export ${e.name}`),
    ...f.types.map((t) => `${f.file}:${t.line} type ${t.name}`),
  ]);
}

test("no file, export or exported type is unused outside its own file", () => {
  const knip = join(root, "node_modules", ".bin", "knip");
  const args = ["--include", "exports,types,files", "--reporter", "json", "--no-progress"];
  // Exit 1 means findings, which the JSON lists; anything else without JSON is knip failing.
  const run = spawnSync(knip, args, { cwd: root, encoding: "utf8", timeout: 300_000 });
  expect(run.stdout.trim().startsWith("{"), `knip failed (${run.status}): ${run.stderr}`).toBe(
    true,
  );
  const report = JSON.parse(run.stdout) as { issues: KnipFile[] };
  expect(findingLines(report.issues)).toEqual([]);
}, 360_000);
