// A document written elsewhere (test/fixtures/names/openapi.json): operationIds and component names with hyphens,
// dots, spaces, leading digits, reserved words and accents; annotations (xml, externalDocs, $comment, examples,
// unknown formats, x-*); text that would close a JSDoc comment; two webhooks. Its client is generated into a copy of
// the client's sources and type-checked with the workspace's strict options (tsc --strict) in this process; its
// webhooks are parsed at run time. The refusals of changed copies say where, in one line, and write nothing.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generate } from "../scripts/generate.js";
import { typeCheckAll } from "./helpers/type-check.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixturePath = join(root, "test", "fixtures", "names", "openapi.json");
const fixture = JSON.parse(readFileSync(fixturePath, "utf8"));
const tmp = join(root, `.tmp-foreign-names-${process.pid}`);
const generated = join(tmp, "client", "src", "generated");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** How the generated client is used (and misused) by a program: must compile, each misuse an expected error. */
const usage = `import { expectTypeOf } from "vitest";
import {
  type BookingCreatedWebhookPayload,
  createMerchantPaymentsClient,
  type RecordSchema,
  type Reservation,
  type StationClosedWebhookPayload,
  type WebhookName,
  type WrapperCollection,
} from "./src/index.js";
import { parseWebhook } from "./src/webhooks.js";

const client = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "t" });
export const stations = client.getStations({ country: "NL" });
expectTypeOf(client.getStations).returns.resolves.toEqualTypeOf<WrapperCollection>();
expectTypeOf(client.reservationsListe).returns.resolves.toEqualTypeOf<Reservation[]>();
expectTypeOf(client.class_).returns.resolves.toEqualTypeOf<RecordSchema>();
export const verified = client._2faVerify({ code: "123456" });
export const deleted = client.delete_();
expectTypeOf<WebhookName>().toEqualTypeOf<"booking.created" | "station-closed">();
const closed = parseWebhook("station-closed", "{}");
expectTypeOf(closed).toEqualTypeOf<StationClosedWebhookPayload>();
expectTypeOf(closed.closedOn).toEqualTypeOf<string>();
expectTypeOf(closed.reason).toEqualTypeOf<string | undefined>();
expectTypeOf(parseWebhook("booking.created", {})).toEqualTypeOf<BookingCreatedWebhookPayload>();
expectTypeOf(parseWebhook("booking.created", {}).amount).toEqualTypeOf<number>();
// @ts-expect-error: a name the spec's webhooks lack
parseWebhook("booking.deleted", "{}");
// @ts-expect-error: the payload has no such field
export const missing = closed.stationName;
`;

let checked = "";
beforeAll(async () => {
  cpSync(join(root, "src"), join(tmp, "client", "src"), {
    recursive: true,
    filter: (p) => !p.includes(join("src", "generated")),
  });
  await generate({ specPath: fixturePath, outDir: generated });
  const file = join(tmp, "client", "usage.test-d.ts");
  writeFileSync(file, usage);
  checked =
    typeCheckAll([{ file, scope: join(tmp, "client") }], { types: [] }).outputs.get(file) ?? "";
}, 240_000);

const read = (name: string): string => readFileSync(join(generated, name), "utf8");

describe("any operationId and component name becomes a valid identifier", () => {
  test("the generated client compiles with the strict options, misuses rejected", () => {
    expect(checked).toBe("");
  });

  test("operationIds become camelCase methods, the original kept in each method's JSDoc", () => {
    const methods = read("client-methods.ts");
    for (const [id, method] of [
      ["get-stations", "getStations"],
      ["bookings.create", "bookingsCreate"],
      ["2fa verify", "_2faVerify"],
      ["delete", "delete_"],
      ["réservations-liste", "reservationsListe"],
      ["class", "class_"],
    ]) {
      expect(methods).toContain(`  ${method}(`);
      expect(methods).toContain(`The spec's operationId: \`${id}\``);
    }
  });

  test("component names become PascalCase types, a global type's name suffixed", () => {
    const models = read("models.ts");
    for (const name of [
      "WrapperCollection",
      "_2024Station",
      "Booking",
      "Reservation",
      "RecordSchema",
    ])
      expect(models).toMatch(new RegExp(`^export interface ${name} \\{`, "m"));
  });

  test("text from the spec never closes a JSDoc comment: every */ in a description is escaped", () => {
    const methods = read("client-methods.ts");
    expect(methods).toContain("List stations *\\/ not the end of the comment.");
    expect(methods).toContain("A comment closer *\\/ and an opener /* in the text.");
    expect(methods).toContain("An ISO country code *\\/ here. (query parameter)");
    expect(methods).toContain("HATEOAS links *\\/ of the booking.");
    expect(read("models.ts")).toContain("The price *\\/ in euro.");
    expect(read("webhooks.ts")).toContain("A station closed *\\/ for good.");
    for (const name of readdirSync(generated)) {
      const stripped = read(name).replace(/\/\*\*?[\s\S]*?\*\//g, "");
      expect(stripped, name).not.toMatch(/\*\/|not the end of the comment|HATEOAS links/);
    }
  });
});

/** Generates `document` into a fresh folder; the refusal's message, or "" when it generates. */
async function refusalOf(
  name: string,
  document: unknown,
): Promise<{ message: string; out: string }> {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(document));
  const out = join(dir, "generated");
  try {
    await generate({ specPath: join(dir, "openapi.json"), outDir: out });
    return { message: "", out };
  } catch (error) {
    return { message: (error as Error).message, out };
  }
}

describe("the generator's refusals say where, in one line, and write nothing", () => {
  test("two operationIds that become one method are refused, naming both", async () => {
    const copy = structuredClone(fixture);
    copy.paths["/other"] = { get: { ...copy.paths["/stations"].get, operationId: "get_stations" } };
    const { message, out } = await refusalOf("operation-clash", copy);
    expect(message).toContain(
      'the operationIds "get-stations" and "get_stations" both become the identifier getStations',
    );
    expect(existsSync(out)).toBe(false);
  });

  test("two component names that become one type are refused, naming both", async () => {
    const copy = structuredClone(fixture);
    copy.components.schemas.Booking = { type: "object" };
    const { message } = await refusalOf("component-clash", copy);
    expect(message).toContain(
      'the component names "booking" and "Booking" both become the identifier Booking',
    );
  });

  test("an unknown keyword names the operation, the JSON Pointer, the keyword and the table", async () => {
    const copy = structuredClone(fixture);
    copy.components.schemas["2024-Station"].properties.name.frobnicate = true;
    const { message, out } = await refusalOf("unknown-keyword", copy);
    expect(message).toBe(
      'GET /stations get-stations: unsupported keyword "frobnicate" [at #/components/schemas/2024-Station/properties/name/frobnicate, keyword "frobnicate"] (the client generator does not support this; see spec/openapi/README.md#schema-keywords)',
    );
    expect(message).not.toContain("\n");
    expect(existsSync(out)).toBe(false);
  });

  test("a keyword in a request schema names the request's pointer", async () => {
    const copy = structuredClone(fixture);
    const body = copy.paths["/2fa/verify"].post.requestBody.content["application/json"].schema;
    body.properties.code.nullable = true;
    const { message } = await refusalOf("request-keyword", copy);
    expect(message).toContain(
      'POST /2fa/verify 2fa verify: unsupported keyword "nullable" [at #/paths/~12fa~1verify/post/requestBody/content/application~1json/schema/properties/code/nullable, keyword "nullable"]',
    );
  });

  test("an x-safe-to-retry that is not a boolean is refused at its pointer", async () => {
    const copy = structuredClone(fixture);
    copy.paths["/stations"].get["x-safe-to-retry"] = "yes";
    const { message, out } = await refusalOf("retry-not-boolean", copy);
    expect(message).toContain(
      "GET /stations get-stations: x-safe-to-retry is not a boolean [at #/paths/~1stations/get/x-safe-to-retry]",
    );
    expect(existsSync(out)).toBe(false);
  });

  test("a refusal leaves the files of an earlier generation as they were", async () => {
    const dir = join(tmp, "kept");
    const out = join(dir, "generated");
    await generate({ specPath: fixturePath, outDir: out });
    const before = readdirSync(out).map((name) => readFileSync(join(out, name), "utf8"));
    const copy = structuredClone(fixture);
    copy.components.schemas.Record.properties.value.frobnicate = 1;
    copy.paths["/records"].get.summary = "Changed";
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(copy));
    await expect(generate({ specPath: join(dir, "openapi.json"), outDir: out })).rejects.toThrow(
      /frobnicate/,
    );
    expect(readdirSync(out).map((name) => readFileSync(join(out, name), "utf8"))).toEqual(before);
  });

  test("annotations are not refused: xml, externalDocs, $comment, title, examples, example, deprecated, readOnly, contentEncoding, unknown formats, x-*", () => {
    const text = JSON.stringify(fixture);
    for (const keyword of [
      '"xml":{',
      "externalDocs",
      "$comment",
      '"title"',
      '"examples"',
      '"example"',
      '"deprecated"',
      "readOnly",
      "contentEncoding",
      "iso-country-code",
      '"x-internal"',
    ])
      expect(text.replace(/\s/g, "")).toContain(keyword);
    expect(read("validators.ts")).toContain("validateBooking");
  });
});

describe("an operation whose document states no x-safe-to-retry is retried as its HTTP method allows", () => {
  test("GET and DELETE are retried, POST is not, and the method's JSDoc says why", async () => {
    const copy = structuredClone(fixture);
    for (const item of Object.values(copy.paths) as Record<string, Record<string, unknown>>[])
      for (const op of Object.values(item)) delete op["x-safe-to-retry"];
    const { message, out } = await refusalOf("retry-from-method", copy);
    expect(message).toBe("");
    const table = readFileSync(join(out, "operation-table.ts"), "utf8");
    const retried = (id: string) =>
      new RegExp(
        `"${id}": \\{\\s*"method": "\\w+",\\s*"path": "[^"]*",\\s*"safeToRetry": true`,
      ).test(table);
    expect(["getStations", "delete_", "reservationsListe", "class_"].filter(retried)).toEqual([
      "getStations",
      "delete_",
      "reservationsListe",
      "class_",
    ]);
    expect(["bookingsCreate", "_2faVerify"].filter(retried)).toEqual([]);
    const methods = readFileSync(join(out, "client-methods.ts"), "utf8");
    expect(methods).toContain(
      "Retried automatically (the spec states no `x-safe-to-retry`; GET is idempotent by RFC 9110)",
    );
    expect(methods).toContain(
      "Never retried once the request may have reached the service (the spec states no `x-safe-to-retry`; POST is not idempotent by RFC 9110)",
    );
  });
});

describe("an answer whose schema is a request's component", () => {
  test("is checked by the request's validator, handed to the answer validators, and the client compiles", async () => {
    const copy = structuredClone(fixture);
    copy.paths["/bookings"].post.responses["201"].content["application/json"].schema = {
      $ref: "#/components/schemas/booking",
    };
    const dir = join(tmp, "shared", "client");
    cpSync(join(root, "src"), join(dir, "src"), {
      recursive: true,
      filter: (p) => !p.includes(join("src", "generated")),
    });
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(copy));
    const out = join(dir, "src", "generated");
    await generate({ specPath: join(dir, "openapi.json"), outDir: out });
    expect(readFileSync(join(out, "validators.ts"), "utf8")).toContain(
      "export const sharedWithAnswers = { validateBooking };",
    );
    type Modules = {
      formatTests: never;
      sharedWithAnswers: never;
      createResponseValidators(
        formats: never,
        shared: never,
      ): Record<string, (v: unknown, issues: unknown[]) => void>;
    };
    const requests: Modules = await import(pathToFileURL(join(out, "validators.ts")).href);
    const answers: Modules = await import(pathToFileURL(join(out, "response-validators.ts")).href);
    const check = answers.createResponseValidators(
      requests.formatTests,
      requests.sharedWithAnswers,
    ).bookingsCreate;
    const issues: unknown[] = [];
    check?.({ id: "8f14e45f-ceea-4677-a3a1-8fa1a7d1c0b2", passenger: "", amount: -1 }, issues);
    expect(issues).toEqual([
      { path: "/passenger", message: expect.any(String) },
      { path: "/amount", message: expect.any(String) },
    ]);
    const client = join(dir, "src", "client.ts");
    expect(typeCheckAll([{ file: client, scope: dir }], { types: [] }).outputs.get(client)).toBe(
      "",
    );
  }, 240_000);
});

describe("parseWebhook checks a received payload against the webhook's schema", () => {
  // The copy's webhooks entry, typed here (an import of this package's entry would run this file once per transport).
  type Entry = {
    parseWebhook(name: string, body: unknown): unknown;
    WebhookValidationError: new (
      ...args: never[]
    ) => Error & { webhook: string; pointer: string; issues: unknown[] };
  };
  const entry = (): Promise<Entry> =>
    import(pathToFileURL(join(tmp, "client", "src", "webhooks.ts")).href);
  const valid = { stationId: "8f14e45f-ceea-4677-a3a1-8fa1a7d1c0b2", closedOn: "2024-05-01" };

  test("a valid payload, as text, bytes or a parsed value, is handed over as it is", async () => {
    const { parseWebhook } = await entry();
    expect(parseWebhook("station-closed", JSON.stringify(valid))).toEqual(valid);
    expect(parseWebhook("station-closed", new TextEncoder().encode(JSON.stringify(valid)))).toEqual(
      valid,
    );
    expect(parseWebhook("station-closed", { ...valid, reason: "works" })).toEqual({
      ...valid,
      reason: "works",
    });
  });

  test("a field breaking the schema throws WebhookValidationError naming the webhook and the field's pointer", async () => {
    const { parseWebhook, WebhookValidationError } = await entry();
    const call = () => parseWebhook("station-closed", { ...valid, closedOn: "May 1st" });
    expect(call).toThrow(WebhookValidationError);
    try {
      call();
    } catch (error) {
      const e = error as InstanceType<typeof WebhookValidationError>;
      expect(e.name).toBe("WebhookValidationError");
      expect(e.webhook).toBe("station-closed");
      expect(e.pointer).toBe("/closedOn");
      expect(e.message).toMatch(/^Invalid payload of webhook "station-closed": \/closedOn /);
    }
  });

  test("a missing required field and a referenced component's field are named too", async () => {
    const { parseWebhook } = await entry();
    expect(() => parseWebhook("station-closed", { closedOn: "2024-05-01" })).toThrow(
      /station-closed.*stationId/,
    );
    expect(() =>
      parseWebhook("booking.created", {
        id: "8f14e45f-ceea-4677-a3a1-8fa1a7d1c0b2",
        passenger: "A",
        amount: -1,
      }),
    ).toThrow(/"booking.created": \/amount /);
  });

  test("a body that is not JSON is a WebhookValidationError at the whole payload", async () => {
    const { parseWebhook, WebhookValidationError } = await entry();
    expect(() => parseWebhook("station-closed", "{not json")).toThrow(WebhookValidationError);
    expect(() => parseWebhook("station-closed", "{not json")).toThrow(
      /"station-closed": \(body\) is not JSON/,
    );
  });

  test("a webhook the spec lacks is a TypeError listing those it has", async () => {
    const { parseWebhook } = await entry();
    expect(() => parseWebhook("booking.deleted", "{}")).toThrow(TypeError);
    expect(() => parseWebhook("booking.deleted", "{}")).toThrow(
      'parseWebhook: the spec has no webhook "booking.deleted" (it has: booking.created, station-closed)',
    );
  });
});

describe("a discriminator whose property a branch does not require (Scalar Galaxy's CelestialBody)", () => {
  test("the branch's own validator does not require it: the document as written is what is checked", async () => {
    const branch = (kind: string) => ({
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" }, type: { type: "string", enum: [kind] } },
    });
    const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
    const document = {
      openapi: "3.1.0",
      info: { title: "bodies", version: "1" },
      paths: {
        "/planets/1": {
          get: {
            operationId: "getPlanet",
            responses: {
              "200": { description: "A planet.", ...json({ $ref: "#/components/schemas/Planet" }) },
            },
          },
        },
        "/bodies/1": {
          get: {
            operationId: "getBody",
            responses: {
              "200": {
                description: "A body.",
                ...json({
                  oneOf: [
                    { $ref: "#/components/schemas/Planet" },
                    { $ref: "#/components/schemas/Moon" },
                  ],
                  discriminator: {
                    propertyName: "type",
                    mapping: {
                      planet: "#/components/schemas/Planet",
                      moon: "#/components/schemas/Moon",
                    },
                  },
                }),
              },
            },
          },
        },
      },
      components: { schemas: { Planet: branch("planet"), Moon: branch("moon") } },
    };
    const { message, out } = await refusalOf("discriminator-not-required", document);
    expect(message).toBe("");
    const answers = readFileSync(join(out, "response-validators.ts"), "utf8");
    expect(answers).toContain('path: "/name", message: "is required"');
    expect(answers).not.toContain('path: "/type", message: "is required"');
  });
});
