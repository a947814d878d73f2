// What an editor shows: the checker's text for each method's result is the generated type's name, never an
// anonymous structure or an index into `components`.
import { join } from "node:path";
import { operations } from "@merchant-payments/spec";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { operations as operationTable } from "../src/generated/operation-table.js";

const root = join(import.meta.dirname, "..");

describe("the generated types read well in an editor", () => {
  test("each method's result and body show the spec's schema names", () => {
    const ids = operations().map((op) => op.operationId);
    const file = join(root, "test", "__hover.ts");
    const text = `import { createMerchantPaymentsClient } from "../src/index.js";
const client = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "test-token" });
const exact = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "test-token", decimals: "string" });
${ids.map((id) => `export const ${id}Result = client.${id}({} as never);\nexport const ${id}Exact = exact.${id}({} as never);`).join("\n")}
`;
    const host = ts.createCompilerHost({});
    const read = host.readFile;
    host.readFile = (name) => (name === file ? text : read(name));
    const exists = host.fileExists;
    host.fileExists = (name) => name === file || exists(name);
    const program = ts.createProgram(
      [file],
      {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      host,
    );
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(file);
    expect(source).toBeDefined();
    const shown: Record<string, string> = {};
    source?.forEachChild((node) => {
      if (!ts.isVariableStatement(node)) return;
      for (const declaration of node.declarationList.declarations) {
        shown[declaration.name.getText(source)] = checker.typeToString(
          checker.getTypeAtLocation(declaration),
        );
      }
    });
    expect(shown.getTransactionResult).toBe('ApiPromise<Transaction<"number">>');
    expect(shown.getTransactionExact).toBe('ApiPromise<Transaction<"string">>');
    expect(shown.getConnectorSummarySumMetricsResult).toBe(
      'ApiPromise<ConnectorSummarySum<"number">[]>',
    );
    expect(shown.getMerchantUserResult).toBe("ApiPromise<MerchantUser>");
    expect(shown.deleteWebhookSubscriptionResult).toBe("ApiPromise<WebhookDeletion>");
    // A schema's name (with the decimals mode, or as an array), or what a non-JSON answer is handed over as; one of
    // several for an operation with several 2xx answers.
    const one = String.raw`(?:[A-Z]\w*(?:<"(?:number|string)">)?(?:\[\])?|string|Blob|undefined)`;
    const named = String.raw`${one}(?: \| ${one})*`;
    const table = operationTable as Record<string, { pagination?: unknown }>;
    for (const id of ids) {
      // A paginated operation's method (x-pagination) is a PagePromise of the page and of one item.
      const expected =
        table[id]?.pagination === undefined
          ? new RegExp(`^ApiPromise<${named}>$`)
          : new RegExp(`^PagePromise<${named}, ${named}>$`);
      for (const shownType of [shown[`${id}Result`], shown[`${id}Exact`]]) {
        expect(shownType, id).toMatch(expected);
        expect(shownType, id).not.toMatch(/components|\{/);
      }
    }
  }, 60_000);
});
