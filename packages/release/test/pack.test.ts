// What `pnpm release:pack` wrote (it runs before this package's tests), and the rules it packs by.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { read as readChangesetsConfig } from "@changesets/config";
import { getPackages } from "@manypkg/get-packages";
import { loadBundle } from "@merchant-payments/spec";
import { beforeAll, describe, expect, test } from "vitest";
import { manifestProblems, PACKS_LIST, publicPackages, tarballManifest } from "../src/pack.js";
import { packageDir, tarballsDir, workspaceRoot } from "../src/paths.js";
import { SPEC_VERSION_FIELD, specVersionOf } from "../src/spec-version.js";

interface Packed {
  name: string;
  version: string;
  file: string;
}

let packs: Packed[];
let manifests: Map<string, Record<string, unknown>>;

beforeAll(async () => {
  packs = JSON.parse(await readFile(join(tarballsDir, PACKS_LIST), "utf8"));
  manifests = new Map(
    await Promise.all(
      packs.map(async (p) => [p.name, await tarballManifest(join(tarballsDir, p.file))] as const),
    ),
  );
});

describe("the packed folder", () => {
  test("holds one tarball per public package of the workspace, at its version", async () => {
    const expected = (await publicPackages(workspaceRoot)).map((p) => ({
      name: p.packageJson.name,
      version: p.packageJson.version,
    }));
    expect(packs.map(({ name, version }) => ({ name, version }))).toEqual(expected);
  });

  test("no manifest keeps a catalog: or workspace: range or a private dependency", async () => {
    const { packages } = await getPackages(workspaceRoot);
    const privateNames = new Set(
      packages.filter((p) => p.packageJson.private).map((p) => p.packageJson.name),
    );
    for (const [name, manifest] of manifests)
      expect(manifestProblems(manifest, privateNames), name).toEqual([]);
  });

  test("every package is public on the registry and ships its changelog", () => {
    for (const [name, manifest] of manifests) {
      expect(manifest.publishConfig, name).toEqual(expect.objectContaining({ access: "public" }));
      expect(manifest.files, name).toContain("CHANGELOG.md");
    }
  });

  test("the client's manifest states the spec version of the bundle it was built from", () => {
    expect(manifests.get("@merchant-payments/client")?.[SPEC_VERSION_FIELD]).toBe(
      specVersionOf(loadBundle()),
    );
  });
});

describe("manifestProblems", () => {
  test("names catalog: and workspace: ranges and private workspace dependencies", () => {
    const problems = manifestProblems(
      {
        dependencies: { a: "catalog:", b: "workspace:*", "@x/private": "1.0.0", c: "^1.0.0" },
        peerDependencies: { d: "workspace:^" },
        devDependencies: { e: "catalog:" },
      },
      new Set(["@x/private"]),
    );
    expect(problems).toEqual([
      'dependencies.a is "catalog:": not a version npm can install',
      'dependencies.b is "workspace:*": not a version npm can install',
      "dependencies.@x/private is a private workspace package: it is never published",
      'peerDependencies.d is "workspace:^": not a version npm can install',
    ]);
  });
});

test("every public package is a workspace dependency of this package, so turbo builds it before release:pack", async () => {
  const own = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
  // The spec is a runtime dependency (the gate reads it through its model); the others are dev dependencies.
  for (const p of await publicPackages(workspaceRoot)) {
    const name = p.packageJson.name;
    expect(own.devDependencies?.[name] ?? own.dependencies?.[name], name).toBe("workspace:*");
  }
});

test("the changesets config is valid for the workspace's packages", async () => {
  const config = await readChangesetsConfig(workspaceRoot, await getPackages(workspaceRoot));
  expect(config.access).toBe("public");
  expect(config.privatePackages).toEqual({ version: false, tag: false });
});
