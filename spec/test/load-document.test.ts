import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { bundleJsonPath, bundleYamlPath, DocumentLoadError, loadDocument } from "../src/index.js";

describe("loadDocument, the one reader of spec files", () => {
  test("reads the bundle as JSON and as YAML to the same document", () => {
    expect(loadDocument(bundleYamlPath)).toEqual(loadDocument(bundleJsonPath));
  });

  test("names the file it cannot read or parse", () => {
    const dir = mkdtempSync(join(tmpdir(), "load-document-"));
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    expect(() => loadDocument(broken)).toThrow(DocumentLoadError);
    expect(() => loadDocument(broken)).toThrow(`Error parsing ${broken}`);
    expect(() => loadDocument(join(dir, "missing.yaml"))).toThrow(/Cannot read .*missing\.yaml/);
  });
});
