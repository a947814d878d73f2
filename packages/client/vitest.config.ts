import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { clientTestConfig } from "@merchant-payments/test-support/vitest-preset";
import ts from "typescript";
import { mergeConfig } from "vitest/config";

const packageDir = fileURLToPath(new URL(".", import.meta.url));
/** The entry the node-transport project swaps for `src/index.node.ts`: a file that reaches it uses the transport. */
const ENTRY = resolve(packageDir, "src/index.ts");
const TESTS = resolve(packageDir, "test");

/** The file a relative specifier of `from` names (`./x.js` is `./x.ts` in the sources), or undefined. */
function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const path = resolve(dirname(from), specifier);
  return [path, path.replace(/\.(m?)js$/, ".$1ts")].find((p) => existsSync(p) && p.endsWith("ts"));
}

/** Whether `file` imports the entry, itself or through the test folder's own modules (real imports only, by TypeScript's pre-processor). */
function reachesEntry(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.some(({ fileName }) => {
    const target = resolveRelative(file, fileName);
    if (target === ENTRY) return true;
    return target?.startsWith(`${TESTS}/`) === true && reachesEntry(target, seen);
  });
}

/** Test files that never reach the entry (build, package, docs, generated code): run once, in the "fetch" project. */
const transportFree = readdirSync(TESTS)
  .filter((name) => name.endsWith(".test.ts"))
  .filter((name) => !reachesEntry(resolve(TESTS, name)))
  .map((name) => `test/${name}`);

// Every behaviour test runs on both transports, the type tests once (the preset's clientTestConfig). Two workers, not
// vitest's default of one less than the cores (one, on a 2-core machine): many files wait on servers, child processes
// and timeouts, so a second file runs in that time.
export default mergeConfig(clientTestConfig(new URL(".", import.meta.url), transportFree), {
  test: { maxWorkers: 2 },
});
