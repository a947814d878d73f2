// The Try-it console's pure parts, without a browser: what it sends, what it refuses, how it shows it, and that its
// generated validators judge exactly as the spec model's createAjv does.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  checkResponse,
  createAjv,
  loadBundle,
  operation,
  operations,
  sideEffectOf,
} from "@merchant-payments/spec";
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec/model";
import { beforeAll, describe, expect, test } from "vitest";
import { generateValidators } from "../scripts/lib/console-bundle.mjs";
import { answerBadge } from "../src/console/panel.js";
import {
  checkBody,
  curlLine,
  DEFAULT_BASE_URL,
  derivedHeaders,
  isConsequential,
  isLoopback,
  loadSettings,
  MASKED_TOKEN,
  needsConfirmation,
  prepareRequest,
  STORAGE_KEYS,
  saveSettings,
  shellQuote,
  syntaxErrorPlace,
} from "../src/console/request.js";
import { type GeneratedValidators, standaloneSpecAjv } from "../src/console/standalone-ajv.js";
import { curlArgs } from "./support/fake-curl.js";

const document = loadBundle();
const runtime = createAjv(document);
const tmp = fileURLToPath(new URL("../.tmp/console-test/", import.meta.url));
let generated: SpecAjv;

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  const formats = pathToFileURL(
    fileURLToPath(new URL("../src/console/formats.ts", import.meta.url)),
  );
  const source = generateValidators(document).replace(
    'import { formats } from "./formats.js";',
    `import { formats } from ${JSON.stringify(formats.href)};`,
  );
  const file = join(tmp, "validators.mjs");
  writeFileSync(file, source);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as GeneratedValidators;
  generated = standaloneSpecAjv(document, module);
});

const withRequest = operations(document).filter((op) => op.request);
const firstExample = (op: OperationSpec) => op.request?.examples[0]?.value;

/** Bodies that break the request schema in several ways, built from the operation's first example. */
function brokenBodies(op: OperationSpec): unknown[] {
  const example = firstExample(op) as Record<string, unknown>;
  const keys = Object.keys(example);
  return [
    "not an object",
    [],
    {},
    { ...example, merchantAccountNumber: 1 },
    { ...example, merchantAccountNumber: "12345678" },
    ...keys.map((key) => ({ ...example, [key]: { nested: true } })),
    ...keys.map((key) => Object.fromEntries(Object.entries(example).filter(([k]) => k !== key))),
  ];
}

/**
 * The value of a declared answer header: its example (as the spec model reads it: the header's, else its schema's) or
 * its schema's default, else one valid for its type and format.
 */
function headerValue(header: OperationSpec["responses"][number]["headers"][number]): string {
  const schema = header.schema as Record<string, unknown>;
  const given = header.examples[0]?.value ?? schema.default;
  if (given !== undefined) return String(given);
  if (schema.type === "integer" || schema.type === "number") return String(schema.minimum ?? 30);
  if (typeof schema.format === "string" && schema.format.startsWith("uri"))
    return "https://example.test/resource/1";
  return "30";
}

/** Every header a documented answer declares, each with a valid value (`Retry-After` among them, as seconds). */
function declaredHeaderValues(
  response: OperationSpec["responses"][number],
): Record<string, string> {
  return Object.fromEntries(
    response.headers.map((header) => [header.name.toLowerCase(), headerValue(header)]),
  );
}

/** An example as the body of its media type: JSON serialized, text as it is. */
const bodyText = (mediaType: string, value: unknown) =>
  /[/+]json\b/.test(mediaType) || typeof value !== "string" ? JSON.stringify(value) : value;

describe("the console's validators", () => {
  test.each(withRequest)(
    "judge every $operationId request body exactly as createAjv does",
    (op) => {
      const pointer = op.request?.schemaPointer ?? "";
      for (const example of op.request?.examples ?? [])
        expect(generated.issuesAt(pointer, example.value), example.name).toEqual([]);
      for (const body of brokenBodies(op))
        expect(generated.issuesAt(pointer, body)).toEqual(runtime.issuesAt(pointer, body));
      expect(brokenBodies(op).some((body) => runtime.issuesAt(pointer, body).length > 0)).toBe(
        true,
      );
    },
  );

  test.each(operations(document))(
    "check every documented $operationId answer exactly as checkResponse with createAjv does",
    (op) => {
      for (const response of op.responses) {
        const status = response.status === "5XX" ? 503 : Number(response.status);
        for (const media of response.content) {
          for (const example of media.examples) {
            const answer = {
              status,
              headers: { ...declaredHeaderValues(response), "content-type": media.mediaType },
              body: bodyText(media.mediaType, example.value),
            };
            const browser = checkResponse(generated, op, answer);
            expect(browser, `${response.status} ${example.name}`).toEqual(
              checkResponse(runtime, op, answer),
            );
            expect(browser.conforms, `${response.status} ${example.name}`).toBe(true);
          }
        }
      }
    },
  );

  test("name the field of a spec-violating answer", () => {
    const op = operation("getTransaction");
    const example = op.responses[0]?.content[0]?.examples[0]?.value as Record<string, unknown>;
    const answer = {
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...example, amountSent: "lots" }),
    };
    const result = checkResponse(generated, op, answer);
    expect(result.conforms).toBe(false);
    expect(result.issues.map((i) => i.path)).toContain("/amountSent");
    expect(result).toEqual(checkResponse(runtime, op, answer));
  });
});

describe("checkBody", () => {
  test("accepts every named request example", () => {
    for (const op of withRequest)
      for (const example of op.request?.examples ?? [])
        expect(
          checkBody(generated, op, JSON.stringify(example.value)),
          `${op.operationId} ${example.name}`,
        ).toMatchObject({ ok: true, problems: [] });
  });

  test("shows every problem at its JSON path", () => {
    const op = operation("calculateFees");
    const body = {
      ...(firstExample(op) as object),
      merchantAccountNumber: 1,
      transactionAmount: "x",
    };
    const checked = checkBody(generated, op, JSON.stringify(body));
    expect(checked.ok).toBe(false);
    expect(checked.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/merchantAccountNumber", "/transactionAmount"]),
    );
    expect(checked.problems.find((p) => p.path === "/merchantAccountNumber")?.message).toBe(
      "must be >= 10000000",
    );
  });

  test("says where malformed JSON breaks", () => {
    const checked = checkBody(generated, operation("getTransaction"), '{\n  "a": 1,\n  oops\n}');
    expect(checked.ok).toBe(false);
    expect(checked.problems).toHaveLength(1);
    expect(checked.problems[0]?.path).toBe("");
    // Node 20's V8 gives only the offset (the console adds "(line 3, column 3)"); Node 22's and Chromium's add
    // "(line 3 column 3)" themselves. Either way the line is named, once.
    const message = checked.problems[0]?.message ?? "";
    expect(message).toMatch(/^not valid JSON: .*\(line 3,? column 3\)$/);
    expect(message.match(/line \d+/g)).toHaveLength(1);
  });

  test("names the place of a syntax error once, whether or not the engine's message already has it", () => {
    const text = '{"merchantAccountNumber": 12345678 "x"}';
    expect(syntaxErrorPlace(text, "Unexpected string in JSON at position 35")).toBe(
      " (line 1, column 36)",
    );
    // Chromium's V8: "… at position 35 (line 1 column 36)": nothing more is added.
    expect(
      syntaxErrorPlace(text, "Unexpected string in JSON at position 35 (line 1 column 36)"),
    ).toBe("");
  });

  test("badges a documented error answer apart from a success and from a violation", () => {
    expect(answerBadge(200, true, [])).toEqual({ className: "mp-conforms", text: "conforms" });
    expect(answerBadge(401, true, [])).toEqual({
      className: "mp-documented-error",
      text: "error 401, as documented",
    });
    expect(
      answerBadge(200, false, [
        { path: "/amountSent", message: "must be number", check: "schema" },
      ]),
    ).toEqual({
      className: "mp-violates",
      text: "does not conform: /amountSent",
    });
  });

  test("refuses a webhook delete whose body lacks the property its header repeats", () => {
    const op = operation("deleteWebhookSubscription");
    const { merchantAccountNumber: _, ...rest } = firstExample(op) as Record<string, unknown>;
    const checked = checkBody(generated, op, JSON.stringify(rest));
    expect(checked.ok).toBe(false);
    expect(checked.problems.map((p) => p.message).join("\n")).toContain("merchantAccountNumber");
  });
});

describe("prepareRequest", () => {
  const op = operation("deleteWebhookSubscription");
  const body = firstExample(op) as { merchantAccountNumber: number };

  test("derives the headers the spec ties to the body (x-equals-body-property)", () => {
    expect(derivedHeaders(op, body)).toEqual([
      ["MerchantAccountNumber", String(body.merchantAccountNumber)],
    ]);
    expect(
      derivedHeaders(operation("getTransaction"), firstExample(operation("getTransaction"))),
    ).toEqual([]);
  });

  test("sends the method to the path under the base URL, the token only in Authorization", () => {
    const request = prepareRequest(op, {
      baseUrl: "http://127.0.0.1:4010/",
      token: "s3cret",
      acceptLanguage: "fr",
      body,
    });
    expect(request.method).toBe(op.method);
    expect(request.url).toBe(`http://127.0.0.1:4010${op.path}`);
    expect(request.url).not.toContain("s3cret");
    expect(Object.fromEntries(request.headers)).toEqual({
      "Content-Type": "application/json",
      Accept: "application/json, application/problem+json",
      Authorization: "Bearer s3cret",
      "Accept-Language": "fr",
      MerchantAccountNumber: String(body.merchantAccountNumber),
    });
    expect(JSON.parse(String(request.body))).toEqual(body);
  });

  test("sends no Authorization without a token, and refuses a base URL that is not http(s)", () => {
    const request = prepareRequest(op, {
      baseUrl: DEFAULT_BASE_URL,
      token: "",
      acceptLanguage: "",
      body,
    });
    expect(request.headers.map(([name]) => name)).not.toContain("Authorization");
    expect(request.headers.map(([name]) => name)).not.toContain("Accept-Language");
    expect(() =>
      prepareRequest(op, { baseUrl: "file:///etc", token: "", acceptLanguage: "", body }),
    ).toThrow(/http:\/\/ or https:\/\//);
    expect(() =>
      prepareRequest(op, { baseUrl: "http://user:pw@host", token: "", acceptLanguage: "", body }),
    ).toThrow(/must not hold credentials/);
  });
});

describe("curlLine", () => {
  test("runs in sh as exactly the request sent, with the token masked", () => {
    const op = operation("deleteWebhookSubscription");
    const body = { ...(firstExample(op) as object), deletedBy: 'O\'Brien "ops" $HOME `x`' };
    const request = prepareRequest(op, {
      baseUrl: DEFAULT_BASE_URL,
      token: "s3cret",
      acceptLanguage: "en",
      body,
    });
    const line = curlLine(request);
    expect(line).not.toContain("s3cret");
    expect(line).toContain(MASKED_TOKEN);
    const argv = curlArgs(line, { MERCHANT_PAYMENTS_TOKEN: "from-env" });
    const expected = ["--request", request.method, request.url];
    for (const [name, value] of request.headers)
      expected.push(
        "--header",
        name === "Authorization" ? "Authorization: Bearer from-env" : `${name}: ${value}`,
      );
    expected.push("--data", String(request.body));
    expect(argv).toEqual(expected);
  });

  test("shellQuote survives single quotes", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

describe("confirmation before consequential calls", () => {
  test("knows loopback addresses", () => {
    for (const url of [
      "http://127.0.0.1:4010",
      "http://localhost:8080",
      "http://[::1]:4010",
      "http://127.9.0.1",
    ])
      expect(isLoopback(url), url).toBe(true);
    for (const url of [
      "https://api.example.com",
      "http://10.0.0.1",
      "http://127.0.0.1.example.com",
      "nonsense",
    ])
      expect(isLoopback(url), url).toBe(false);
  });

  test("asks for operations that move money, delete or are not safe to retry, only off loopback", () => {
    for (const op of operations(document)) {
      const consequential =
        op.safeToRetry !== true || (op.extensions["x-side-effect"] ?? "none") !== "none";
      expect(isConsequential(op), op.operationId).toBe(consequential);
      expect(needsConfirmation(op, "http://127.0.0.1:4010"), op.operationId).toBe(false);
      expect(needsConfirmation(op, "https://api.example.com/v1"), op.operationId).toBe(
        consequential,
      );
    }
    expect(isConsequential(operation("submitDisbursementBatch"))).toBe(true);
    expect(isConsequential(operation("deleteWebhookSubscription"))).toBe(true);
    expect(isConsequential(operation("getTransaction"))).toBe(false);
  });

  test("asks for an operation the spec says deletes even when it is safe to retry", () => {
    const op = { ...operation("getTransaction"), extensions: { "x-side-effect": "deletes" } };
    expect(op.safeToRetry).toBe(true);
    expect(needsConfirmation(op, "https://api.example.com")).toBe(true);
  });

  test("refuses an x-side-effect value it does not know", () => {
    const op = {
      ...operation("getTransaction"),
      extensions: { "x-side-effect": "launches-rockets" },
    };
    expect(() => sideEffectOf(op)).toThrow(/unknown x-side-effect "launches-rockets"/);
    for (const known of operations(document)) expect(() => sideEffectOf(known)).not.toThrow();
  });
});

describe("settings", () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }

  test("remember the base URL, and the token only when asked", () => {
    const storage = memoryStorage();
    expect(loadSettings(storage)).toEqual({ baseUrl: DEFAULT_BASE_URL, token: "" });
    saveSettings(storage, { baseUrl: "http://127.0.0.1:5000", token: "s3cret", remember: false });
    expect([...storage.items.values()]).not.toContain("s3cret");
    expect(loadSettings(storage)).toEqual({ baseUrl: "http://127.0.0.1:5000", token: "" });
    saveSettings(storage, { baseUrl: "http://127.0.0.1:5000", token: "s3cret", remember: true });
    expect(storage.items.get(STORAGE_KEYS.token)).toBe("s3cret");
    saveSettings(storage, { baseUrl: "http://127.0.0.1:5000", token: "s3cret", remember: false });
    expect(storage.items.has(STORAGE_KEYS.token)).toBe(false);
  });

  test("fall back to the defaults when storage is blocked", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(loadSettings(blocked)).toEqual({ baseUrl: DEFAULT_BASE_URL, token: "" });
    expect(() => saveSettings(blocked, { baseUrl: "x", token: "y", remember: true })).not.toThrow();
  });
});
