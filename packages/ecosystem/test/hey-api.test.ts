// @hey-api/openapi-ts (pinned in the catalog) with tools/openapi-ts.config.mjs: it generates from the published
// spec under Node 24 (its engines need >= 22.18), the output passes tsc --strict, keeps every open enum's known
// values, and calls every operation once against the mock.
import { join } from "node:path";
import { loadBundle } from "@merchant-payments/spec";
import { expect, test } from "vitest";
import { CREDENTIALS, specCalls } from "./calls.js";
import {
  driverSource,
  judgeCalls,
  packageDir,
  packageFile,
  publishedSpec,
  runProgram,
  useGenerator,
} from "./support.js";

/** The known values of every open enum (`anyOf` of a string `enum` and a plain string) in the bundle. */
function openEnums(): string[][] {
  const found: string[][] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const anyOf = (node as { anyOf?: Array<{ enum?: string[]; type?: string }> }).anyOf;
      const known = anyOf?.find((b) => Array.isArray(b.enum))?.enum;
      if (known && anyOf?.some((b) => b.type === "string" && !b.enum)) found.push(known);
      Object.values(node).forEach(walk);
    }
  };
  walk(loadBundle());
  return found;
}

const driver = driverSource(
  `import { client } from "./generated/client.gen";
import * as api from "./generated/sdk.gen";

type Operation = (options: { path: unknown; query: unknown; headers: unknown; body?: unknown }) => Promise<{ response: Response }>;
// hey-api asks for each scheme's secret and places it itself (Basic: base64 of user:password).
client.setConfig({ baseUrl: process.env.BASE_URL, auth: (scheme) => (scheme.type === "apiKey" ? "${CREDENTIALS.apiKey}" : scheme.scheme === "basic" ? "${CREDENTIALS.basic}" : "${CREDENTIALS.token}") });`,
  `(await operation({ path: call.path, query: call.query, headers: call.headers, ...(call.hasBody ? { body: reviveFiles(call.body) } : {}) })).response.status`,
);

const generated = useGenerator({
  name: "hey-api",
  bin: packageFile("@hey-api/openapi-ts", "bin/run.js"),
  args: ["--file", join(packageDir, "tools", "openapi-ts.config.mjs")],
  env: (dir) => ({ MERCHANT_PAYMENTS_SPEC: publishedSpec, HEY_API_OUTPUT: join(dir, "generated") }),
  driver,
});

test("every open enum's known values are in the generated types, as a const object", async () => {
  const { readFile } = await import("node:fs/promises");
  const types = await readFile(join(generated.dir, "generated", "types.gen.ts"), "utf8");
  const enums = openEnums();
  expect(enums.length).toBeGreaterThan(0);
  for (const known of enums)
    expect(types).toContain(`{ ${known.map((v) => `${v}: '${v}'`).join(", ")} } as const`);
});

test("calls every operation once against the mock (its parameters, body and credentials from the spec), each answered a documented 2xx", async () => {
  const calls = await specCalls();
  const { result, output } = await runProgram(join(generated.dir, "driver.ts"), {
    BASE_URL: generated.mockUrl,
    CALLS: JSON.stringify(calls),
  });
  expect(result.code, result.stderr).toBe(0);
  expect((output as unknown[]).length).toBe(calls.length);
  expect(judgeCalls(calls, output)).toEqual({ unexplained: [], stale: [] });
});
