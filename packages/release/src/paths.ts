// Where the release tooling reads and writes, relative to this package (`src/` or `dist/` alike).
import { fileURLToPath } from "node:url";

/** This package's folder (`packages/release`). */
export const packageDir: string = fileURLToPath(new URL("..", import.meta.url));

/** The workspace root (holds `.changeset/` and `pnpm-workspace.yaml`). */
export const workspaceRoot: string = fileURLToPath(new URL("../../..", import.meta.url));

/** The committed copy of the spec of every released client version: `released-specs/<version>.json`. */
export const releasedSpecsDir: string = fileURLToPath(
  new URL("../released-specs", import.meta.url),
);

/** Where `pnpm release:pack` writes the tarballs and their `packs.json` list. */
export const tarballsDir: string = fileURLToPath(new URL("../tarballs", import.meta.url));
