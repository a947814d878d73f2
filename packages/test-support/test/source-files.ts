// The source files the workspace's structure tests read (test/structure.test.ts, test/build-dependencies.test.ts).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The workspace's package folders under `root`, relative to it: the spec's, the docs' and each of packages/. */
export function workspaceDirs(root: string): string[] {
  return ["spec", "docs", ...readdirSync(join(root, "packages")).map((p) => `packages/${p}`)];
}

const SKIPPED = new Set(["node_modules", "dist", "generated", ".tmp", ".turbo"]);

/** Whether `path` is a directory (false when it does not exist). */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every .ts, .mts, .js and .mjs file under `folder`, generated code and declarations left out. */
export function codeFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (isDirectory(path)) return SKIPPED.has(name) ? [] : codeFiles(path);
    return /\.(m?ts|m?js|cjs)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}
