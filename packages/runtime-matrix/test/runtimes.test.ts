import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { INSTALLED_NODE_MAJORS, nodeBinary } from "@merchant-payments/node-runtimes";
import { operation } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { hasChromium, launchChromium, watchContext } from "@merchant-payments/test-support/browser";
import { EdgeRuntime } from "edge-runtime";
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { REFERENCES } from "../fixtures/scenario.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = join(root, "fixtures");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
/** Longest a runtime may take for the whole scenario (start-up included), in milliseconds. */
const RUN_LIMIT_MS = 30_000;
/**
 * Longest the mock and verify's command may take together: verify sends every operation of the spec, so this grows
 * with it (a grown copy with the real documents grafted sends 49); a bound on a hang, not a speed target.
 */
const TOOLS_LIMIT_MS = 240_000;
/** How long the server holds a slow answer before giving it anyway, in milliseconds. */
const SLOW_ANSWER_MS = 10_000;

const getTransaction = operation("getTransaction");
const exampleOf = (status: string, name: string) => {
  const media = getTransaction.responses.find((r) => r.status === status)?.content[0];
  const found = media?.examples.find((e) => e.name === name);
  if (!found) throw new Error(`getTransaction has no ${status} example ${name}`);
  return found.value as Record<string, unknown>;
};
const transaction = exampleOf("200", "TransactionSuccess");
const notFound = exampleOf("404", "ProblemNotFound");
const requestExample = getTransaction.request?.examples[0]?.value as
  | { merchantAccountNumber?: unknown }
  | undefined;
const merchant = Number(requestExample?.merchantAccountNumber);
if (!Number.isSafeInteger(merchant))
  throw new Error("getTransaction's request example has no merchantAccountNumber");

/** What every runtime reports, whatever the transport under it. */
const expected = {
  call: {
    transactionReferenceNumber: REFERENCES.found,
    keys: Object.keys(transaction).sort(),
  },
  typedError: {
    name: "NotFoundError",
    status: 404,
    isMerchantPaymentsError: true,
    isApiError: true,
    isNotFoundError: true,
    isTimeoutError: false,
    isRedirectError: false,
    mayHaveBeenProcessed: false,
  },
  // A 303 to another path (a POST answered "see other", as a login page does): a RedirectError, nothing followed.
  // Its status is 303, or 0 where a browser hides the redirect; either way the service may have acted on the call.
  redirect: {
    name: "RedirectError",
    isApiError: true,
    isRedirectError: true,
    isTimeoutError: false,
    mayHaveBeenProcessed: true,
  },
  timeout: {
    name: "TimeoutError",
    isMerchantPaymentsError: true,
    isApiError: false,
    isNotFoundError: false,
    isTimeoutError: true,
    isRedirectError: false,
    mayHaveBeenProcessed: true,
  },
  abort: { rejectedWithReason: true, error: { name: "Error", isMerchantPaymentsError: false } },
  // decimals: "string" keeps the digits the server wrote ("1500.00", where a number shows 1500); the answer
  // validators refuse a malformed 2xx; one info line was logged per answered call (both answers were 2xx).
  optIn: {
    amountSent: decimalText(transaction.amountSent),
    logged: 2,
    malformed: {
      name: "ResponseValidationError",
      isResponseValidationError: true,
      mayHaveBeenProcessed: true,
    },
  },
};

let server: LoopbackServer;
/** Headers of the last call the server answered with the transaction: they tell which transport sent it. */
let foundHeaders: Record<string, unknown> = {};
/** Calls that received the redirect, and calls that followed it, since the last test began. */
let redirectedCalls = 0;
let followedCalls = 0;
/** Where the redirect points: a path the client must never call. */
const REDIRECT_TARGET = "/followed-a-redirect";
const held = new Set<ReturnType<typeof setTimeout>>();

/** A decimal as the server writes it for the opt-in step: two decimals, which a JS number would drop. */
function decimalText(value: unknown): string {
  if (typeof value !== "number") throw new Error(`the example's amountSent is ${String(value)}`);
  return value.toFixed(2);
}

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    if (request.method === "GET" && request.url === "/") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>runtime matrix</title>");
      return;
    }
    let reference: unknown;
    try {
      reference = (JSON.parse(request.body) as { transactionReferenceNumber?: unknown })
        .transactionReferenceNumber;
    } catch {
      reference = undefined;
    }
    if (request.url === REDIRECT_TARGET) {
      followedCalls++;
      sendJson(response, 200, transaction);
    } else if (request.url !== getTransaction.path) sendJson(response, 404, notFound);
    else if (reference === REFERENCES.found) {
      foundHeaders = request.headers;
      sendJson(response, 200, { ...transaction, transactionReferenceNumber: reference });
    } else if (reference === REFERENCES.slow) {
      const timer = setTimeout(() => {
        held.delete(timer);
        if (!response.destroyed) sendJson(response, 200, transaction);
      }, SLOW_ANSWER_MS);
      held.add(timer);
      response.on("close", () => {
        clearTimeout(timer);
        held.delete(timer);
      });
    } else if (reference === REFERENCES.decimalText) {
      const text = JSON.stringify({ ...transaction, transactionReferenceNumber: reference });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        text.replace(/"amountSent":[^,}]+/, `"amountSent":${decimalText(transaction.amountSent)}`),
      );
    } else if (reference === REFERENCES.malformed) {
      sendJson(response, 200, { ...transaction, amountSent: "a lot" });
    } else if (reference === REFERENCES.redirected) {
      redirectedCalls++;
      response.writeHead(303, { location: `${server.baseUrl}${REDIRECT_TARGET}` });
      response.end();
    } else sendJson(response, 404, notFound);
  });
});

beforeEach(() => {
  redirectedCalls = 0;
  followedCalls = 0;
});

/** The runtime got the redirect exactly once and followed it never. */
function expectRedirectNotFollowed(): void {
  expect({ redirectedCalls, followedCalls }).toEqual({ redirectedCalls: 1, followedCalls: 0 });
}

afterAll(async () => {
  for (const timer of held) clearTimeout(timer);
  await server?.close();
});

/** Runs a fixture in a child process with a time limit and returns the summary it printed. */
function runChild(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    execFile(
      command,
      [...args, server.baseUrl, String(merchant)],
      {
        cwd: root,
        timeout: RUN_LIMIT_MS,
        killSignal: "SIGKILL",
        env: { ...process.env, NO_COLOR: "1", ...env },
      },
      (error, stdout, stderr) => {
        const line = stdout.split("\n").find((l) => l.startsWith("MATRIX-RESULT "));
        if (line) resolve(JSON.parse(line.slice("MATRIX-RESULT ".length)));
        else
          reject(
            new Error(
              `${command} ${args.join(" ")}: ${error?.message ?? ""}\n${stdout}\n${stderr}`,
            ),
          );
      },
    );
  });
}

/** Runs fixtures/run-tools.mjs under `node` (the mock, its command, verify's command) and returns its summary. */
function runTools(node: string, requestBody: string) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    execFile(
      node,
      [join(fixtures, "run-tools.mjs"), requestBody],
      {
        cwd: root,
        timeout: TOOLS_LIMIT_MS,
        killSignal: "SIGKILL",
        env: { ...process.env, NO_COLOR: "1" },
      },
      (error, stdout, stderr) => {
        const line = stdout.split("\n").find((l) => l.startsWith("MATRIX-RESULT "));
        if (line) resolve(JSON.parse(line.slice("MATRIX-RESULT ".length)));
        else
          reject(new Error(`${node} run-tools.mjs: ${error?.message ?? ""}\n${stdout}\n${stderr}`));
      },
    );
  });
}

/** Bundles the scenario and the client as one script for a runtime with `conditions`. */
async function bundle(conditions: string[]): Promise<string> {
  const out = await build({
    entryPoints: [join(fixtures, "bundle-entry.mjs")],
    bundle: true,
    format: "iife",
    platform: "browser",
    conditions,
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]?.text ?? "";
}

describe("the built client runs the same scenario on every runtime", () => {
  for (const major of INSTALLED_NODE_MAJORS) {
    test(`Node ${major}, ESM build, on the Node transport`, async () => {
      const summary = await runChild(nodeBinary(major), [join(fixtures, "run-esm.mjs")]);
      expect(summary).toMatchObject({ entry: "index.node.js", ...expected });
      expectRedirectNotFollowed();
      // Node's fetch marks every request with sec-fetch-mode; the Node transport sends only the client's headers.
      expect(foundHeaders["sec-fetch-mode"]).toBeUndefined();
    });

    test(`Node ${major}, CommonJS build, on the Node transport`, async () => {
      const summary = await runChild(nodeBinary(major), [join(fixtures, "run-cjs.cjs")]);
      expect(summary).toMatchObject({ entry: "index.node.cjs", ...expected });
      expectRedirectNotFollowed();
      expect(foundHeaders["sec-fetch-mode"]).toBeUndefined();
    });
  }

  test("Bun, ESM build, on the fetch path", async () => {
    const summary = await runChild(bin("bun"), [join(fixtures, "run-esm.mjs")]);
    expect(summary).toMatchObject({ entry: "index.js", ...expected });
    expectRedirectNotFollowed();
  });

  test("Bun, CommonJS build, on the fetch path", async () => {
    const summary = await runChild(bin("bun"), [join(fixtures, "run-cjs.cjs")]);
    expect(summary).toMatchObject({ entry: "index.cjs", ...expected });
    expectRedirectNotFollowed();
  });

  test("Deno, ESM build, on the fetch path", async () => {
    const summary = await runChild(
      bin("deno"),
      [
        "run",
        "--quiet",
        "--no-lock",
        "--no-prompt",
        "--node-modules-dir=manual",
        "--allow-net=127.0.0.1",
        "--allow-read",
        "--allow-env",
        join(fixtures, "run-esm.mjs"),
      ],
      { DENO_NO_UPDATE_CHECK: "1", DENO_DIR: join(root, "node_modules", ".deno-cache") },
    );
    expect(summary).toMatchObject({ entry: "index.js", ...expected });
    expectRedirectNotFollowed();
  });

  test("an edge runtime (edge-runtime), bundled with the edge-light condition", async () => {
    const code = await bundle(["edge-light", "worker"]);
    const runtime = new EdgeRuntime({ initialCode: code });
    const text = await runtime.evaluate<Promise<string>>(
      `runMatrixScenario(${JSON.stringify(server.baseUrl)}, ${merchant})`,
    );
    expect(JSON.parse(text)).toMatchObject(expected);
    expectRedirectNotFollowed();
  });

  test("the browser bundle (esbuild, platform browser) imports nothing from node:", async () => {
    const code = await bundle([]);
    expect(code).not.toMatch(/["'`]node:/);
    expect(code).toContain("runMatrixScenario");
  });

  // In CI a missing Chromium fails the run; elsewhere the test is skipped where none is installed.
  test.runIf(hasChromium() || process.env.CI === "true")(
    "Chromium, bundled for the browser",
    async () => {
      const code = await bundle([]);
      const browser = await launchChromium();
      try {
        const context = await browser.newContext();
        const watch = await watchContext(context, [server.baseUrl]);
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}/`);
        await page.addScriptTag({ content: code });
        const text = await page.evaluate(
          ([url, m]) =>
            (
              globalThis as unknown as { runMatrixScenario(u: string, m: number): Promise<string> }
            ).runMatrixScenario(url, m),
          [server.baseUrl, merchant] as [string, number],
        );
        expect(JSON.parse(text)).toMatchObject(expected);
        expectRedirectNotFollowed();
        expect(watch.outside).toEqual([]);
        // The typed-error step's 404 is the only thing the page may log.
        expect(watch.errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});

describe("the mock and verify run on every Node line", () => {
  const requestBody = JSON.stringify(getTransaction.request?.examples[0]?.value);
  /** Reference numbers of getTransaction's 200 examples: the mock answers one of them. */
  const references = (
    getTransaction.responses.find((r) => r.status === "200")?.content[0]?.examples ?? []
  ).map((e) => (e.value as { transactionReferenceNumber?: string }).transactionReferenceNumber);

  for (const major of INSTALLED_NODE_MAJORS) {
    test(
      `Node ${major}: startMock() and the mock's command answer the client, verify's command passes, no warning`,
      async () => {
        const summary = await runTools(nodeBinary(major), requestBody);
        expect(String(summary.node).split(".")[0]).toBe(String(major));
        expect(references).toContain((summary.startMock as { answered: string }).answered);
        expect(summary.mockCommand).toEqual({
          answered: expect.toSatisfy((r: string) => references.includes(r)),
          exit: 0,
          warnings: [],
        });
        expect(summary.verify).toEqual({ exit: 0, ok: true, warnings: [] });
        expect(summary.warnings).toEqual([]);
      },
      TOOLS_LIMIT_MS + 30_000,
    );
  }
});
