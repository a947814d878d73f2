// orval (pinned in the catalog) with tools/orval.config.mjs: it generates a fetch client from the published spec
// under Node 24 (its engines need >= 22.18), the output passes tsc --strict, the required MerchantAccountNumber
// header is a typed argument and is sent, and every operation is called once against the mock.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startMock } from "@merchant-payments/mock";
import { nodeBinary } from "@merchant-payments/node-runtimes";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  calls,
  packageDir,
  packageFile,
  publishedSpec,
  type RunResult,
  run,
  runProgram,
  scratch,
  typecheck,
} from "./support.js";

const driver = `import * as api from "./generated/payments";

type Operation = (body: unknown, headers: unknown, options: RequestInit) => Promise<{ status: number }>;
const calls: Array<{ operationId: string; body: unknown; headers: Record<string, string> }> = JSON.parse(
  process.env.CALLS ?? "[]",
);
const results: Array<{ operationId: string; status: number }> = [];
for (const call of calls) {
  const operation = (api as unknown as Record<string, Operation>)[call.operationId];
  if (!operation) throw new Error("no orval function " + call.operationId);
  const answer = await operation(call.body, call.headers, {
    headers: { Authorization: "Bearer ecosystem-token" },
  });
  results.push({ operationId: call.operationId, status: answer.status });
}
console.log(JSON.stringify(results));
`;

let work: Awaited<ReturnType<typeof scratch>>;
let mock: Awaited<ReturnType<typeof startMock>>;
let generated: RunResult;

beforeAll(async () => {
  work = await scratch("orval");
  mock = await startMock();
  generated = await run(
    nodeBinary(24),
    [
      packageFile("orval", "dist/bin/orval.mjs"),
      "--config",
      join(packageDir, "tools", "orval.config.mjs"),
    ],
    {
      cwd: work.dir,
      env: {
        MERCHANT_PAYMENTS_SPEC: publishedSpec,
        ORVAL_OUTPUT: join(work.dir, "generated", "payments.ts"),
        MERCHANT_PAYMENTS_BASE_URL: mock.baseUrl,
      },
    },
  );
  await writeFile(join(work.dir, "driver.ts"), driver);
}, 120_000);

afterAll(async () => {
  await mock?.close();
  await work?.remove();
});

test("generates from the published spec, and the output with a caller passes tsc --strict", async () => {
  expect(generated.code, `${generated.stdout}\n${generated.stderr}`).toBe(0);
  const tsc = await typecheck(work.dir, ["driver.ts"]);
  expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
  expect(tsc.code).toBe(0);
});

test("the required MerchantAccountNumber header is a typed argument of the operations that need it", async () => {
  const code = await readFile(join(work.dir, "generated", "payments.ts"), "utf8");
  const withHeader = calls.filter((c) => Object.keys(c.headers).length > 0);
  expect(withHeader.length).toBeGreaterThan(0);
  for (const call of withHeader)
    for (const name of Object.keys(call.headers)) expect(code).toMatch(new RegExp(`\\b${name}: `));
});

test("calls every operation once against the mock, each answered 200 (the header sent)", async () => {
  const { result, output } = await runProgram(join(work.dir, "driver.ts"), {
    CALLS: JSON.stringify(calls),
  });
  expect(result.code, result.stderr).toBe(0);
  expect(output).toEqual(calls.map((c) => ({ operationId: c.operationId, status: 200 })));
});
