// The graft of a real document into a copy of the spec (scripts/lib/graft-document.mjs, spec/fixtures/real/README.md):
// the document's own names kept, a taken name renamed by the documented rule, security written out, references
// re-pointed, every file marked, and the fixture itself left as published.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import {
  FOREIGN_MARKER,
  graftDocument,
  REAL_DIR,
  realSources,
  sourcePrefix,
} from "../../scripts/lib/graft-document.mjs";
import { specDir } from "./redocly.js";

/** The grown fixture's graft (scripts/lib/grow-spec.mjs, typed here: its own JSDoc is not strict). */
const growSpecModule: string = new URL("../../scripts/lib/grow-spec.mjs", import.meta.url).href;
const { growSpec } = (await import(growSpecModule)) as { growSpec(root: string): unknown };

const scratch = mkdtempSync(join(tmpdir(), "spec-graft-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the spec sources and the real fixtures, with `sources` grafted in that order. */
function grafted(name: string, sources: string[]) {
  const root = join(scratch, name);
  cpSync(join(specDir, "openapi"), join(root, "spec", "openapi"), { recursive: true });
  cpSync(join(specDir, "fixtures", "real"), join(root, REAL_DIR), { recursive: true });
  const results = sources.map((source) => graftDocument(root, source));
  const read = (file: string) => parse(readFileSync(join(root, "spec", "openapi", file), "utf8"));
  return { root, results, read };
}

/**
 * Whether this spec holds the real documents already (a grown copy, pnpm test:grown): the graft's own tests need the
 * product spec without them, which foreign-lint.test.ts and every package's tests then check as grafted.
 */
const alreadyGrafted = realSources(join(specDir, "..")).some((source) =>
  existsSync(join(specDir, "openapi", "paths", source)),
);

describe.skipIf(alreadyGrafted)("grafting a real document", () => {
  const { results, read } = alreadyGrafted
    ? { results: [], read: () => ({}) as never }
    : grafted("both", ["galaxy", "museum"]);
  const entry = read("openapi.yaml");
  const [, museum] = results;

  test("keeps the document's operationIds, component names and paths where the spec does not have them", () => {
    expect(entry.paths["/museum-hours"]).toEqual({ $ref: "paths/museum/museum-hours.yaml" });
    const hours = read("paths/museum/museum-hours.yaml");
    expect(hours.get.operationId).toBe("getMuseumHours");
    expect(hours.get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "../../components/schemas/museum/MuseumHours.yaml",
    });
    expect(read("components/schemas/galaxy/Planet.yaml").description).toBe(
      "A planet in the Scalar Galaxy",
    );
  });

  test("renames a component the spec has to <Source><Name>, and every reference follows", () => {
    expect(museum?.renamed).toContain("components/responses/BadRequest → MuseumBadRequest");
    expect(
      existsSync(
        join(scratch, "both/spec/openapi/components/responses/museum/MuseumBadRequest.yaml"),
      ),
    ).toBe(true);
    expect(read("paths/museum/tickets.yaml").post.responses["400"]).toEqual({
      $ref: "../../components/responses/museum/MuseumBadRequest.yaml",
    });
    // The product's own BadRequest is untouched.
    expect(read("components/responses/BadRequest.yaml")).not.toHaveProperty(FOREIGN_MARKER);
  });

  test("writes the document's top-level security out on each operation that relied on it; its own stays", () => {
    expect(read("paths/museum/tickets.yaml").post.security).toEqual([
      { MuseumPlaceholderAuth: [] },
    ]);
    expect(read("paths/galaxy/planets.yaml").get.security).toEqual([]);
    expect(entry.components.securitySchemes.oAuth2).toEqual({
      $ref: "components/securitySchemes/galaxy/oAuth2.yaml",
    });
    expect(entry.security).toEqual([{ BearerAuth: [] }]);
  });

  test("re-points a discriminator's mapping to the grafted files", () => {
    expect(read("components/schemas/galaxy/CelestialBody.yaml").discriminator.mapping.moon).toBe(
      "./Satellite.yaml",
    );
  });

  test("marks every file it writes with x-foreign-source: <source>", () => {
    for (const file of [
      "paths/museum/tickets.yaml",
      "paths/galaxy/webhook-newPlanet.yaml",
      "components/schemas/museum/Ticket.yaml",
      "components/securitySchemes/galaxy/openIdConnect.yaml",
    ])
      expect(read(file)[FOREIGN_MARKER], file).toBe(file.split("/").at(-2));
  });

  test("mounts a path the spec has under /<source>: the grown fixture's /auth/token before Galaxy's", () => {
    const root = join(scratch, "mounted");
    cpSync(join(specDir, "openapi"), join(root, "spec", "openapi"), { recursive: true });
    cpSync(join(specDir, "fixtures"), join(root, "spec", "fixtures"), { recursive: true });
    // In CI's grown copy the spec already holds the grown fixture's operations (its /auth/token among them).
    if (!existsSync(join(root, "spec", "openapi", "paths", "auth_token.yaml"))) growSpec(root);
    const result = graftDocument(root, "galaxy");
    expect(result.renamed).toContain("paths /auth/token → /galaxy/auth/token");
    expect(result.paths).toContain("/galaxy/auth/token");
    const entry = parse(readFileSync(join(root, "spec", "openapi", "openapi.yaml"), "utf8"));
    expect(entry.paths["/galaxy/auth/token"]).toEqual({ $ref: "paths/galaxy/auth_token.yaml" });
    expect(entry.paths["/auth/token"].$ref).not.toContain("galaxy");
  });

  test("refuses to graft a document twice (nothing is overwritten)", () => {
    const { root } = grafted("twice", ["museum"]);
    expect(() => graftDocument(root, "museum")).toThrow(/taken|exists/);
  });
});

describe("the real fixtures", () => {
  test("are at least two documents, each with its license, README and OWASP answers", () => {
    const sources = realSources(join(specDir, ".."));
    expect(sources.length).toBeGreaterThanOrEqual(2);
    for (const source of sources)
      for (const file of ["openapi.yaml", "LICENSE", "README.md", "owasp-answers.yaml"])
        expect(
          existsSync(join(specDir, "fixtures", "real", source, file)),
          `${source}/${file}`,
        ).toBe(true);
  });

  test("are OpenAPI 3.1 documents of another API, with operationIds the spec does not have", () => {
    for (const source of realSources(join(specDir, ".."))) {
      const document = parse(
        readFileSync(join(specDir, "fixtures", "real", source, "openapi.yaml"), "utf8"),
      );
      expect(document.openapi, source).toMatch(/^3\.1\./);
      expect(Object.keys(document.paths).length, source).toBeGreaterThan(0);
    }
  });

  test("name a renamed component by the source's folder name in PascalCase", () => {
    expect(sourcePrefix("museum")).toBe("Museum");
    expect(sourcePrefix("train-travel")).toBe("TrainTravel");
  });
});
