// The built package loads what only some clients use lazily: the answer validators (validateResponses), the
// decimal codec (decimals: "string"), the log lines (logLevel other than "off"), the token function's caller (a token
// given as a function) and the x-accepts-integer rewriting (operations with such fields) are separate chunks of the
// ESM browser build, imported on first use, and
// inlined in the CommonJS and Node builds. Each build is exercised against a real loopback server.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { measure } from "../scripts/size.mjs";
import { example } from "./helpers/fixtures.js";
import { json, useTestServer } from "./helpers/server.js";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const server = useTestServer();
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };

type Built = typeof import("../src/index.js");
const builds: [string, () => Promise<Built>][] = [
  ["ESM (browser/default)", () => import(pathToFileURL(join(dist, "index.js")).href)],
  ["ESM (Node)", () => import(pathToFileURL(join(dist, "index.node.js")).href)],
  [
    "CommonJS (browser/default)",
    async () => createRequire(import.meta.url)(join(dist, "index.cjs")),
  ],
  ["CommonJS (Node)", async () => createRequire(import.meta.url)(join(dist, "index.node.cjs"))],
];

describe("the answer validators, loaded only with validateResponses", () => {
  test("are their own chunk of the ESM browser build, imported dynamically, not at start", async () => {
    expect(existsSync(join(dist, "response-validators.js")), "run the build first").toBe(true);
    expect(readFileSync(join(dist, "index.js"), "utf8")).toMatch(
      /import\(["']\.\/response-validators\.js["']\)/,
    );
    const { lazy } = await measure(join(dist, "index.js"));
    expect(lazy.map((chunk) => chunk.name).sort()).toEqual([
      "beyond-json.js",
      "decimals.js",
      "integer-strings.js",
      "log-lines.js",
      "response-validators.js",
      "token-function.js",
    ]);
  });

  test("carry the date-time check when only answers use it: the entry does not", () => {
    // The check's pattern, as esbuild writes it. A spec whose requests have a date-time field needs it at start
    // (the request validators import it); else it is only in the answer validators' chunk.
    const dateTimePattern = "[Tt ](\\d{2}):(\\d{2}):(\\d{2})";
    const requestsUseIt = readFileSync(
      join(dist, "..", "src", "generated", "validators.ts"),
      "utf8",
    ).includes("isDateTime");
    expect(readFileSync(join(dist, "index.js"), "utf8").includes(dateTimePattern)).toBe(
      requestsUseIt,
    );
    if (!requestsUseIt)
      expect(readFileSync(join(dist, "response-validators.js"), "utf8")).toContain(dateTimePattern);
  });

  test.each(builds)(
    "%s: reject a bad answer with validateResponses, accept it without",
    async (_, load) => {
      const built = await load();
      server.handle((_request, response) =>
        json(response, 200, {
          ...example<Record<string, unknown>>("TransactionSuccess"),
          amountSent: null,
        }),
      );
      const options = { baseUrl: server.baseUrl, token: "test-token", maxRetries: 0 };
      const checking = built.createMerchantPaymentsClient({ ...options, validateResponses: true });
      const error = await checking.getTransaction(lookup).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(built.ResponseValidationError);
      expect((error as InstanceType<Built["ResponseValidationError"]>).issues).toEqual([
        { path: "/amountSent", message: "must be a finite number" },
      ]);
      const trusting = built.createMerchantPaymentsClient(options);
      expect((await trusting.getTransaction(lookup)).amountSent).toBeNull();
    },
  );
});

describe('the decimal codec, loaded only with decimals: "string"', () => {
  test("is its own chunk of the ESM browser build, imported dynamically", () => {
    expect(existsSync(join(dist, "decimals.js")), "run the build first").toBe(true);
    expect(readFileSync(join(dist, "index.js"), "utf8")).toMatch(
      /import\(["']\.\/decimals\.js["']\)/,
    );
  });

  test.each(builds)("%s: keeps a decimal's exact text both ways", async (_, load) => {
    const built = await load();
    server.handle((_request, response) =>
      json(
        response,
        200,
        JSON.stringify({
          ...example<Record<string, unknown>>("TransactionSuccess"),
          amountSent: 1,
        }).replace('"amountSent":1', '"amountSent":12345678901234567.10'),
        { "x-raw": "1" },
      ),
    );
    const client = built.createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: "test-token",
      maxRetries: 0,
      decimals: "string",
    });
    expect((await client.getTransaction(lookup)).amountSent).toBe("12345678901234567.10");
    server.handle((_request, response) =>
      json(response, 200, example("FeeCalculationMobileWallet")),
    );
    await client.calculateFees({
      merchantAccountNumber: 12345678,
      feeType: "D",
      channelType: "MW",
      transactionAmount: "100.10",
    });
    expect(server.received.at(-1)?.body).toContain('"transactionAmount":100.10');
  });
});

describe('the log lines, loaded only with a logLevel other than "off"', () => {
  test("are their own chunk of the ESM browser build, imported dynamically", () => {
    expect(existsSync(join(dist, "log-lines.js")), "run the build first").toBe(true);
    expect(readFileSync(join(dist, "index.js"), "utf8")).toMatch(
      /import\(["']\.\/log-lines\.js["']\)/,
    );
  });

  test.each(builds)("%s: logs the attempt (secrets as ***) and the answer", async (_, load) => {
    const built = await load();
    server.handle((_request, response) => json(response, 200, example("TransactionSuccess")));
    const lines: [string, string, Record<string, unknown> | undefined][] = [];
    const logger = Object.fromEntries(
      (["error", "warn", "info", "debug"] as const).map((level) => [
        level,
        (message: string, details?: Record<string, unknown>) =>
          lines.push([level, message, details]),
      ]),
    ) as unknown as Console;
    const client = built.createMerchantPaymentsClient({
      baseUrl: server.baseUrl,
      token: "test-token",
      logLevel: "debug",
      logger,
    });
    await client.getTransaction(lookup);
    expect(lines.map(([level]) => level)).toEqual(["debug", "debug", "info"]);
    expect(lines[0]?.[2]?.headers).toMatchObject({ authorization: "***" });
    expect(lines[2]?.[1]).toMatch(/^merchant-payments: POST \/\S+ 200 \(attempt 1, \d+ ms\)$/);
  });
});

describe("the token function's caller, loaded only with a token given as a function", () => {
  test("is its own chunk of the ESM browser build, imported dynamically", () => {
    expect(existsSync(join(dist, "token-function.js")), "run the build first").toBe(true);
    expect(readFileSync(join(dist, "index.js"), "utf8")).toMatch(
      /import\(["']\.\/token-function\.js["']\)/,
    );
  });

  test.each(builds)(
    "%s: sends the function's token; a function that returns no token is a TokenError, nothing sent",
    async (_, load) => {
      const built = await load();
      server.handle((_request, response) => json(response, 200, example("TransactionSuccess")));
      const options = { baseUrl: server.baseUrl, maxRetries: 0 };
      const client = built.createMerchantPaymentsClient({
        ...options,
        token: async () => "function-token",
      });
      await client.getTransaction(lookup);
      expect(server.received.at(-1)?.headers.authorization).toBe("Bearer function-token");
      const sent = server.received.length;
      const broken = built.createMerchantPaymentsClient({ ...options, token: () => "" });
      await expect(broken.getTransaction(lookup)).rejects.toBeInstanceOf(built.TokenError);
      expect(server.received.length).toBe(sent);
    },
  );
});

describe("the x-accepts-integer rewriting, loaded only for operations with such fields", () => {
  test("is its own chunk of the ESM browser build, imported dynamically", () => {
    expect(existsSync(join(dist, "integer-strings.js")), "run the build first").toBe(true);
    expect(readFileSync(join(dist, "index.js"), "utf8")).toMatch(
      /import\(["']\.\/integer-strings\.js["']\)/,
    );
  });

  test.each(builds)(
    "%s: sends a number as its digits; an unsafe one is a RequestValidationError, nothing sent",
    async (_, load) => {
      const built = await load();
      server.handle((_request, response) => json(response, 200, example("MerchantUserActive")));
      const client = built.createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: "test-token",
        maxRetries: 0,
      });
      await client.getMerchantUser({ merchantAccountNumber: 12345678, userId: 1024 });
      expect(JSON.parse(server.received.at(-1)?.body ?? "{}")).toMatchObject({ userId: "1024" });
      const sent = server.received.length;
      const unsafe = client.getMerchantUser({ merchantAccountNumber: 12345678, userId: 2 ** 53 });
      await expect(unsafe).rejects.toBeInstanceOf(built.RequestValidationError);
      expect(server.received.length).toBe(sent);
    },
  );
});
