// @ts-check
// How another process runs the client's generator: Node with tsx's loader (the generator is TypeScript; Node 20 cannot
// run .ts itself), both resolved from the client's own folder, so a caller needs no tsx of its own.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The arguments after `process.execPath` that run `scripts/generate.ts` of the client at `clientRoot`; append the
 * generator's own (`--spec`, `--out`, `--readme`).
 * @param {string} clientRoot the client package's folder
 * @returns {string[]}
 */
export function generatorCommand(clientRoot) {
  const tsx = createRequire(join(clientRoot, "package.json")).resolve("tsx");
  return ["--import", pathToFileURL(tsx).href, join(clientRoot, "scripts", "generate.ts")];
}
