// The committed copies of the released spec, and how the latest one is found.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations } from "@merchant-payments/spec/model";
import { afterEach, beforeEach, expect, test } from "vitest";
import { latestReleasedSpec, recordReleasedSpec, releasedSpecs } from "../src/released.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "released-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("the latest released spec is the highest version, compared as semver", async () => {
  for (const v of ["1.9.0", "1.10.0", "1.2.3", "2.0.0-beta.1", "notes"])
    await writeFile(join(dir, `${v}.json`), "{}");
  expect((await releasedSpecs(dir)).map((s) => s.version)).toEqual([
    "1.2.3",
    "1.9.0",
    "1.10.0",
    "2.0.0-beta.1",
  ]);
  expect((await latestReleasedSpec(dir)).version).toBe("2.0.0-beta.1");
});

test("a folder without released specs is an error, not an empty comparison", async () => {
  await expect(latestReleasedSpec(dir)).rejects.toThrow("No released spec");
});

test("recording a release copies the bundle under the version", async () => {
  const bundle = join(dir, "bundle.json");
  await writeFile(bundle, '{"openapi":"3.1.0"}');
  const recorded = await recordReleasedSpec("1.1.0", bundle, join(dir, "released"));
  expect(recorded.path).toBe(join(dir, "released", "1.1.0.json"));
  expect(await readFile(recorded.path, "utf8")).toBe('{"openapi":"3.1.0"}');
  await expect(recordReleasedSpec("next", bundle, dir)).rejects.toThrow("Not a semantic version");
});

test("the committed released spec is an OpenAPI document with operations", async () => {
  const latest = await latestReleasedSpec();
  const document = JSON.parse(await readFile(latest.path, "utf8"));
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(operations(document).length).toBeGreaterThan(0);
});
