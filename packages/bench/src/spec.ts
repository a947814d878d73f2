import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// biome-ignore lint/suspicious/noExplicitAny: the bundled OpenAPI document is walked generically.
type Json = any;

const require = createRequire(import.meta.url);

/** Absolute path of the bundled spec (spec/dist/openapi.json), resolved through @merchant-payments/spec. */
export function specJsonPath(): string {
  return require.resolve("@merchant-payments/spec/openapi.json");
}

/** Absolute path of the bundled spec in YAML (spec/dist/openapi.yaml). */
export function specYamlPath(): string {
  return require.resolve("@merchant-payments/spec/openapi.yaml");
}

/** The bundled OpenAPI document, parsed. */
export function loadSpec(): Json {
  return JSON.parse(readFileSync(specJsonPath(), "utf8"));
}

/** Follows a local "$ref" (e.g. "#/components/examples/X") until a non-reference object is reached. */
export function deref(doc: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`reference loop at ${current.$ref}`);
    const ref: string = current.$ref;
    if (!ref.startsWith("#/")) throw new Error(`non-local reference ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((acc: Json, key) => acc?.[key], doc);
    if (current === undefined) throw new Error(`unresolved reference ${ref}`);
  }
  return current;
}

/** Path and operation object of an operationId. */
export function findOperation(doc: Json, operationId: string): { path: string; operation: Json } {
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const operation of Object.values<Json>(item)) {
      if (operation && typeof operation === "object" && operation.operationId === operationId) {
        return { path, operation };
      }
    }
  }
  throw new Error(`operation ${operationId} is not in the spec`);
}

/** Value of the first (or named) application/json example of an operation's 200 response. */
export function responseExample(doc: Json, operationId: string, name?: string): Json {
  const { operation } = findOperation(doc, operationId);
  const media = deref(doc, deref(doc, operation.responses["200"]).content["application/json"]);
  return pickExample(doc, media, `${operationId} 200`, name);
}

/** Value of the first (or named) application/json example of an operation's request body. */
export function requestExample(doc: Json, operationId: string, name?: string): Json {
  const { operation } = findOperation(doc, operationId);
  const media = deref(doc, operation.requestBody).content["application/json"];
  return pickExample(doc, media, `${operationId} request`, name);
}

function pickExample(doc: Json, media: Json, where: string, name?: string): Json {
  const examples = media?.examples ?? {};
  const key = name ?? Object.keys(examples)[0];
  if (key === undefined || !(key in examples))
    throw new Error(`no example ${name ?? ""} for ${where}`);
  return structuredClone(deref(doc, examples[key]).value);
}

/** Request body schema of an operation, dereferenced one level. */
export function requestSchema(doc: Json, operationId: string): Json {
  const { operation } = findOperation(doc, operationId);
  return deref(doc, deref(doc, operation.requestBody).content["application/json"].schema);
}

/** Largest batch the spec allows: maxItems of submitDisbursementBatch's transactions array. */
export function maxBatchItems(doc: Json): number {
  const schema = requestSchema(doc, "submitDisbursementBatch");
  const max = deref(doc, schema.properties.transactions).maxItems;
  if (typeof max !== "number") throw new Error("the spec gives no maxItems for transactions");
  return max;
}

/** Disbursement batch request body (same shape for every contender) with `count` transactions. */
export interface BatchBody {
  header: Record<string, unknown>;
  transactions: Record<string, unknown>[];
}

/**
 * A batch of `count` transactions built from the spec's first batch example: its header, and its
 * transactions repeated in turn, each with a unique sourceReferenceNumber of the template's form
 * (the template's last dash-separated part replaced by a zero-padded counter, e.g. PAY-2024-02-00042).
 * `descriptionPadding` characters are appended to every transactionDescription (default 0), to build
 * heavier batches of the same length.
 */
export function buildBatch(doc: Json, count: number, descriptionPadding = 0): BatchBody {
  const example = requestExample(doc, "submitDisbursementBatch");
  const templates: Record<string, unknown>[] = example.transactions;
  const width = String(count).length;
  const padding = " ".repeat(descriptionPadding);
  const transactions = new Array<Record<string, unknown>>(count);
  for (let i = 0; i < count; i++) {
    const template = templates[i % templates.length] as Record<string, unknown>;
    const ref = String(template.sourceReferenceNumber);
    const prefix = ref.includes("-") ? ref.slice(0, ref.lastIndexOf("-") + 1) : `${ref}-`;
    transactions[i] = {
      ...template,
      transactionDescription: `${String(template.transactionDescription)}${padding}`,
      sourceReferenceNumber: `${prefix}${String(i + 1).padStart(width, "0")}`,
    };
  }
  return { header: example.header, transactions };
}
