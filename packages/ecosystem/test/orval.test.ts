// orval (pinned in the catalog) with tools/orval.config.mjs: it generates a fetch client from the published spec
// under Node 24 (its engines need >= 22.18), the output passes tsc --strict, the required MerchantAccountNumber
// header is a typed argument and is sent, and every operation is called once against the mock.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import {
  calls,
  driverSource,
  packageDir,
  packageFile,
  publishedSpec,
  runProgram,
  useGenerator,
} from "./support.js";

const driver = driverSource(
  `import * as api from "./generated/payments";

type Operation = (body: unknown, headers: unknown, options: RequestInit) => Promise<{ status: number }>;`,
  `(await operation(call.body, call.headers, { headers: { Authorization: "Bearer ecosystem-token" } })).status`,
);

const generated = useGenerator({
  name: "orval",
  bin: packageFile("orval", "dist/bin/orval.mjs"),
  args: ["--config", join(packageDir, "tools", "orval.config.mjs")],
  env: (dir, mockUrl) => ({
    MERCHANT_PAYMENTS_SPEC: publishedSpec,
    ORVAL_OUTPUT: join(dir, "generated", "payments.ts"),
    MERCHANT_PAYMENTS_BASE_URL: mockUrl,
  }),
  driver,
});

test("the required MerchantAccountNumber header is a typed argument of the operations that need it", async () => {
  const code = await readFile(join(generated.dir, "generated", "payments.ts"), "utf8");
  const withHeader = calls.filter((c) => Object.keys(c.headers).length > 0);
  expect(withHeader.length).toBeGreaterThan(0);
  for (const call of withHeader)
    for (const name of Object.keys(call.headers)) expect(code).toMatch(new RegExp(`\\b${name}: `));
});

test("calls every operation once against the mock, each answered 200 (the header sent)", async () => {
  const { result, output } = await runProgram(join(generated.dir, "driver.ts"), {
    CALLS: JSON.stringify(calls),
  });
  expect(result.code, result.stderr).toBe(0);
  expect(output).toEqual(calls.map((c) => ({ operationId: c.operationId, status: 200 })));
});
