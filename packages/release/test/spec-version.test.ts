// The spec version the client states, written from the bundle's info.version, never typed by hand.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadBundle } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import { workspaceRoot } from "../src/paths.js";
import {
  README_MARKERS,
  SPEC_VERSION_FIELD,
  specVersionOf,
  specVersionSentence,
  withSpecVersion,
  withSpecVersionSentence,
} from "../src/spec-version.js";

const clientDir = join(workspaceRoot, "packages", "client");

describe("the client states the bundle's spec version", () => {
  test("in its package.json", async () => {
    const manifest = JSON.parse(await readFile(join(clientDir, "package.json"), "utf8"));
    expect(manifest[SPEC_VERSION_FIELD]).toBe(specVersionOf(loadBundle()));
  });

  test("in its README", async () => {
    const readme = await readFile(join(clientDir, "README.md"), "utf8");
    expect(readme).toContain(
      `${README_MARKERS[0]}${specVersionSentence(specVersionOf(loadBundle()))}${README_MARKERS[1]}`,
    );
  });
});

describe("writing it", () => {
  test("puts specVersion right after version, or updates it in place", () => {
    expect(
      Object.keys(withSpecVersion({ name: "x", version: "1.0.0", type: "module" }, "2.1.0")),
    ).toEqual(["name", "version", SPEC_VERSION_FIELD, "type"]);
    expect(withSpecVersion({ name: "x", specVersion: "1.0.0" }, "2.1.0")).toEqual({
      name: "x",
      specVersion: "2.1.0",
    });
  });

  test("replaces only the text between the README markers", () => {
    const readme = `# x\n\n${README_MARKERS[0]}old${README_MARKERS[1]}\n\nrest\n`;
    expect(withSpecVersionSentence(readme, "3.0.0")).toBe(
      `# x\n\n${README_MARKERS[0]}${specVersionSentence("3.0.0")}${README_MARKERS[1]}\n\nrest\n`,
    );
  });

  test("refuses a README without the markers", () => {
    expect(() => withSpecVersionSentence("# x\n", "1.0.0")).toThrow(/spec-version/);
  });

  test("refuses a spec without info.version", () => {
    expect(() => specVersionOf({ info: {} })).toThrow("The spec has no info.version");
  });
});
