// Packs every public package of the workspace into one folder, as `pnpm pack` writes them: versions resolved
// (no `catalog:` or `workspace:` left), ready for `pnpm publish <tarball>`.
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { getPackages, type Package } from "@manypkg/get-packages";

const exec = promisify(execFile);

/** How long packing one package may take, in milliseconds. */
export const PACK_TIMEOUT_MS = 120_000;

/** The dependency fields an install of the package reads. */
export const INSTALLED_DEPENDENCY_FIELDS = [
  "dependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;

/** One packed package. */
export interface PackedPackage {
  /** Package name, e.g. `@merchant-payments/client`. */
  readonly name: string;
  /** The version in the packed package.json, e.g. `1.0.0`. */
  readonly version: string;
  /** The tarball's file name inside the folder, e.g. `merchant-payments-client-1.0.0.tgz`. */
  readonly file: string;
  /** The package.json inside the tarball. */
  readonly manifest: Record<string, Json>;
}

// biome-ignore lint/suspicious/noExplicitAny: a package.json is untyped JSON.
type Json = any;

/** The list `release:pack` writes beside the tarballs. */
export const PACKS_LIST = "packs.json";

/** The workspace packages that are not `private`, sorted by name. */
export async function publicPackages(root: string): Promise<Package[]> {
  const { packages } = await getPackages(root);
  return packages
    .filter((p) => p.packageJson.private !== true)
    .sort((a, b) => a.packageJson.name.localeCompare(b.packageJson.name));
}

/**
 * Problems that keep a manifest from installing from the registry: a `catalog:` or `workspace:` range left in, or a
 * dependency on a private workspace package (named in `privateNames`), which is never published.
 */
export function manifestProblems(
  manifest: Record<string, Json>,
  privateNames: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const field of INSTALLED_DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries<string>(manifest[field] ?? {})) {
      if (/^(catalog|workspace):/.test(range))
        problems.push(`${field}.${name} is "${range}": not a version npm can install`);
      if (privateNames.has(name))
        problems.push(`${field}.${name} is a private workspace package: it is never published`);
    }
  }
  return problems;
}

/** The package.json inside a tarball made by `pnpm pack`. */
export async function tarballManifest(tarball: string): Promise<Record<string, Json>> {
  const { stdout } = await exec("tar", ["-xzOf", tarball, "package/package.json"], {
    timeout: 30_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/** Options of `packPublicPackages`. */
export interface PackOptions {
  /** Absolute path of the workspace root (the folder of pnpm-workspace.yaml); its public packages are packed. */
  readonly root: string;
  /** The folder to write the tarballs and `packs.json` into; emptied first. */
  readonly outDir: string;
  /** Milliseconds `pnpm pack` may take per package; default `PACK_TIMEOUT_MS` (120 000). */
  readonly timeoutMs?: number;
}

/**
 * Packs every public package (built beforehand) with `pnpm pack` into `outDir`, checks each tarball's manifest
 * (`manifestProblems`), and writes `packs.json` (name, version, file of each). Throws on the first problem.
 */
export async function packPublicPackages(options: PackOptions): Promise<PackedPackage[]> {
  const { packages } = await getPackages(options.root);
  const privateNames = new Set(
    packages.filter((p) => p.packageJson.private === true).map((p) => p.packageJson.name),
  );
  await rm(options.outDir, { recursive: true, force: true });
  await mkdir(options.outDir, { recursive: true });
  const packed: PackedPackage[] = [];
  for (const pkg of await publicPackages(options.root)) {
    const { stdout } = await exec(
      "pnpm",
      ["pack", "--pack-destination", options.outDir, "--json"],
      {
        cwd: pkg.dir,
        timeout: options.timeoutMs ?? PACK_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const tarball: string = JSON.parse(stdout).filename;
    const manifest = await tarballManifest(tarball);
    const problems = manifestProblems(manifest, privateNames);
    if (problems.length > 0)
      throw new Error(`${pkg.packageJson.name} cannot be published:\n  ${problems.join("\n  ")}`);
    packed.push({
      name: manifest.name,
      version: manifest.version,
      file: basename(tarball),
      manifest,
    });
  }
  const list = packed.map(({ name, version, file }) => ({ name, version, file }));
  await writeFile(join(options.outDir, PACKS_LIST), `${JSON.stringify(list, null, 2)}\n`);
  return packed;
}
