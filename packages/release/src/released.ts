// The committed copies of the spec as released: one `<client version>.json` per release.
import { copyFile, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import semver from "semver";
import { releasedSpecsDir } from "./paths.js";

/** One released spec: the client version it shipped with and the file holding it. */
export interface ReleasedSpec {
  /** The client version, e.g. `1.0.0`. */
  readonly version: string;
  /** Absolute path of the bundled spec (JSON) as released. */
  readonly path: string;
}

/** Every released spec in `dir` (default: `released-specs/`), oldest version first. */
export async function releasedSpecs(dir: string = releasedSpecsDir): Promise<ReleasedSpec[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, version: name.replace(/\.json$/, "") }))
    .filter(({ name, version }) => name.endsWith(".json") && semver.valid(version) !== null)
    .sort((a, b) => semver.compare(a.version, b.version))
    .map(({ name, version }) => ({ version, path: join(dir, name) }));
}

/** The released spec of the highest version in `dir`; throws when there is none. */
export async function latestReleasedSpec(dir: string = releasedSpecsDir): Promise<ReleasedSpec> {
  const all = await releasedSpecs(dir);
  const latest = all.at(-1);
  if (!latest) throw new Error(`No released spec in ${dir}: expected <version>.json files`);
  return latest;
}

/** Copies the bundle at `bundlePath` to `dir/<version>.json` (the spec a release ships), and returns it. */
export async function recordReleasedSpec(
  version: string,
  bundlePath: string,
  dir: string = releasedSpecsDir,
): Promise<ReleasedSpec> {
  if (semver.valid(version) === null) throw new Error(`Not a semantic version: ${version}`);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${version}.json`);
  await copyFile(bundlePath, path);
  return { version, path };
}
