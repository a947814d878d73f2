import { transformSync } from "esbuild";
import { describe, expect, test } from "vitest";
import {
  formatImports,
  planFormatImports,
  validatorEmitter,
} from "../scripts/lib/validator-codegen.js";
import { withoutAnnotations } from "../scripts/lib/validator-input.js";
import type { Issue } from "../src/generated/validators.js";

describe("generated validators", () => {
  const { emitValidator, takeConstants } = validatorEmitter({});
  const body = emitValidator({ type: "string", pattern: "^[A-Z]{3}-\\d+$" });
  const constants = takeConstants();

  test("compile a schema pattern once, as a module-level constant, not on every validation", () => {
    expect(constants).toBe('const pattern0 = new RegExp("^[A-Z]{3}-\\\\d+$", "u");');
    expect(body).not.toContain("RegExp");
    expect(body).toContain("pattern0.test(v)");
    expect(takeConstants()).toBe("");
  });

  test("reject a string that breaks the pattern and accept one that keeps it", () => {
    const validate = new Function("v", "issues", `${constants}\n${body}`) as (
      v: unknown,
      issues: Issue[],
    ) => void;
    const issuesOf = (v: unknown) => {
      const issues: Issue[] = [];
      validate(v, issues);
      return issues;
    };
    expect(issuesOf("ABC-42")).toEqual([]);
    expect(issuesOf("abc-42")).toEqual([{ path: "", message: "must match ^[A-Z]{3}-\\d+$" }]);
    expect(issuesOf(42)).toEqual([{ path: "", message: "must be a string" }]);
  });
});

/** The generated validator of `schema` (its own document) as a function returning the issues. */
function compile(schema: object): (v: unknown) => Issue[] {
  const { emitValidator, takeConstants } = validatorEmitter(schema);
  const body = emitValidator(schema);
  const code = transformSync(`${takeConstants()}\n${body}`, { loader: "ts" }).code;
  const validate = new Function("v", "issues", "decimalStrings", code) as (
    v: unknown,
    issues: Issue[],
  ) => void;
  return (v) => {
    const issues: Issue[] = [];
    validate(v, issues);
    return issues;
  };
}

describe("binary content", () => {
  test("a string's format: binary takes a Blob, a Uint8Array or text, and nothing else", () => {
    const validate = compile(withoutAnnotations({ type: "string", format: "binary" }));
    expect(validate(new Uint8Array([1]))).toEqual([]);
    expect(validate(new Blob(["x"]))).toEqual([]);
    expect(validate("text")).toEqual([]);
    expect(validate(7)).not.toEqual([]);
  });
});

describe("the format functions the generated validators call", () => {
  test("are reported per module, so each module imports only the checks it uses", () => {
    const { emitValidator, takeFormats } = validatorEmitter({});
    emitValidator({
      type: "object",
      properties: {
        day: { type: "string", format: "date" },
        at: { type: "string", format: "date-time" },
        amount: { type: "number", format: "decimal" },
      },
    });
    expect(takeFormats().sort()).toEqual(["isDate", "isDateTime"]);
    expect(takeFormats()).toEqual([]);
    emitValidator({ type: "string", format: "email" });
    expect(takeFormats()).toEqual(["isEmail"]);
  });

  test("stop the generation on a format the client cannot check", () => {
    // Ajv asserts "time" with a function of ajv-formats the generated code does not carry.
    const { emitValidator } = validatorEmitter({});
    expect(() => emitValidator({ type: "string", format: "time" })).toThrow(
      'Unsupported format "time"',
    );
  });

  test("assert a format ajv-formats defines by a pattern with that pattern, as the spec model's Ajv does", () => {
    const validate = compile({ type: "string", format: "ipv6" });
    expect(validate("::1")).toEqual([]);
    expect(validate("::1::")).toEqual([{ path: "", message: "must be a valid ipv6" }]);
  });

  test("treat a format no one defines as an annotation, as JSON Schema 2020-12 does", () => {
    const validate = compile({ type: "string", format: "iso-country-code" });
    expect(validate("anything")).toEqual([]);
    expect(validate(3)).toEqual([{ path: "", message: "must be a string" }]);
  });

  test("check a recursive schema at every depth, naming the path of the nested issue", () => {
    const document = {
      components: {
        schemas: {
          Node: {
            type: "object",
            required: ["name"],
            properties: {
              name: { type: "string" },
              children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
            },
          },
        },
      },
    };
    const { emitValidator } = validatorEmitter(document);
    const code = transformSync(emitValidator({ $ref: "#/components/schemas/Node" }), {
      loader: "ts",
    }).code;
    const validate = new Function("v", "issues", "decimalStrings", code) as (
      v: unknown,
      issues: Issue[],
    ) => void;
    const issues: Issue[] = [];
    validate({ name: "a", children: [{ name: "b", children: [{ children: [] }] }] }, issues);
    expect(issues).toEqual([{ path: "/children/0/children/0/name", message: "is required" }]);
  });

  test("stop the generation on a keyword the client cannot check", () => {
    const { emitValidator } = validatorEmitter({});
    expect(() =>
      emitValidator({ type: "object", properties: { a: { $dynamicRef: "#node" } } }),
    ).toThrow('Unsupported keyword "$dynamicRef" in a schema at /properties/a');
  });

  test("check patternProperties, naming the property that breaks its pattern's schema", () => {
    const validate = compile({ type: "object", patternProperties: { "^x-": { type: "string" } } });
    expect(validate({ "x-a": "ok", other: 1 })).toEqual([]);
    expect(validate({ "x-a": 1 })).toEqual([{ path: "/x-a", message: "must be a string" }]);
  });

  test("refuse a property no keyword evaluated with unevaluatedProperties: false, through allOf", () => {
    const validate = compile({
      allOf: [{ properties: { a: { type: "string" } } }],
      properties: { b: true },
      unevaluatedProperties: false,
    });
    expect(validate({ a: "x", b: 1 })).toEqual([]);
    expect(validate({ a: "x", c: 1 })).toEqual([{ path: "/c", message: "is not allowed" }]);
  });

  test("keep xml, externalDocs and examples as annotations that refuse nothing", () => {
    const validate = compile({
      type: "object",
      xml: { name: "Station" },
      externalDocs: { url: "https://example.com" },
      examples: [{}],
      properties: { id: { type: "string", example: "a", deprecated: true } },
    });
    expect(validate({ id: "a" })).toEqual([]);
  });
});

describe("where the answer validators get their format functions", () => {
  test("a check only answers use is imported by the answer module, not loaded with the requests", () => {
    expect(planFormatImports(["isDate", "isEmail"], ["isDate", "isDateTime"])).toEqual({
      handedOver: ["isDate", "isEmail"],
      answerImports: ["isDateTime"],
    });
  });

  test("a check the requests use too is handed over, so the answer chunk shares no module with the entry", () => {
    expect(planFormatImports(["isDateTime"], ["isDateTime", "isDateTime"])).toEqual({
      handedOver: ["isDateTime"],
      answerImports: [],
    });
  });

  test("a check whose module the requests import is handed over even when only answers call it", () => {
    // isDate and isEmail share src/formats.ts: importing it from the answer module would share it with the entry.
    expect(planFormatImports(["isEmail"], ["isDate"])).toEqual({
      handedOver: ["isDate", "isEmail"],
      answerImports: [],
    });
    expect(planFormatImports([], ["isDate"])).toEqual({
      handedOver: [],
      answerImports: ["isDate"],
    });
  });

  test("imports are one declaration per module", () => {
    expect(formatImports(["isDate", "isDateTime", "isEmail"])).toBe(
      'import { isDate, isEmail } from "../formats.js";\nimport { isDateTime } from "../date-time.js";\n',
    );
    expect(formatImports([])).toBe("");
  });
});
