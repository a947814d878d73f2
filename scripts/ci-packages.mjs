// @ts-check
// The package jobs of CI (.github/workflows/ci.yml, job `package-tests`): every workspace package with a `test`
// script, read from pnpm-workspace.yaml's folders (`dir` or `dir/*`) and their package.json, as the GitHub output line
// `packages=<JSON array of names>`. A package added to the workspace gets its job without any list being edited.
//   node scripts/ci-packages.mjs >> "$GITHUB_OUTPUT"
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/quiet-build.mjs";

/**
 * The names of the workspace's packages that have a `test` script, in the workspace file's order.
 * @param {string} root the workspace's folder
 * @returns {string[]}
 */
export function testedPackages(root) {
  const yaml = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const block = yaml.split(/^\S.*:/m)[1] ?? "";
  const globs = [...block.matchAll(/^\s+-\s+["']?([^"'\s]+)/gm)].map((m) => m[1] ?? "");
  return globs
    .flatMap((glob) =>
      glob.endsWith("/*")
        ? readdirSync(join(root, glob.slice(0, -2)))
            .sort()
            .map((name) => join(root, glob.slice(0, -2), name))
        : [join(root, glob)],
    )
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")))
    .filter((manifest) => typeof manifest.scripts?.test === "string")
    .map((manifest) => manifest.name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(`packages=${JSON.stringify(testedPackages(ROOT))}`);
}
