// `webhooks.ts`: the document's `webhooks` (OpenAPI 3.1: Path Items keyed by name), each webhook's JSON payload type
// (`WebhookPayloads`, and one alias per webhook) and its validator (by the validator codegen), for `parseWebhook`
// (src/webhooks.ts). A webhook without a JSON request body has an `unknown` payload and no checks.
import { deref, isObject, type Json } from "@merchant-payments/spec/model";
import { BANNER } from "./generation.js";
import { typeName } from "./identifiers.js";
import { documentPointer, GenerationRefusal, refuse } from "./refusal.js";
import { checkSchemaKeywords } from "./schema-keywords.js";
import type { typeEmitter } from "./type-codegen.js";
import { documentWithoutAnnotations, withoutAnnotations } from "./validator-input.js";
import { formatImportsOf, type ValidatorCodegen, validatorCodegen } from "./validator-modules.js";

/** The HTTP methods a Path Item may hold, lower case as the document writes them. */
const METHODS = ["post", "put", "patch", "get", "delete", "head", "options", "trace"] as const;

/** One webhook of the document: its name, the operation receiving it, its JSON payload schema. */
export interface WebhookSpec {
  /** The webhook's key in `webhooks`. */
  readonly name: string;
  /** The HTTP method its requests use, upper case. */
  readonly method: string;
  /** The operation's `summary` or `description`, for the JSDoc. */
  readonly summary: string;
  /** The JSON payload schema (`$ref`s left in place); undefined when the request has no JSON body. */
  readonly schema: Json | undefined;
  /** JSON Pointer of the schema (of the operation when no schema). */
  readonly pointer: string;
  /** The alias of its payload type: `<Name>WebhookPayload`. */
  readonly typeName: string;
}

/** The webhooks of `document`, in document order (none without a `webhooks` map). */
export function webhooksOf(document: Json): WebhookSpec[] {
  const hooks = isObject(document) ? document.webhooks : undefined;
  if (!isObject(hooks)) return [];
  return Object.entries(hooks).map(([name, raw]) => {
    const item = deref(document, raw);
    const method = METHODS.find((m) => isObject(item?.[m])) ?? "post";
    const op = isObject(item?.[method]) ? item[method] : {};
    const at = documentPointer("webhooks", name, method);
    const content = deref(document, op.requestBody ?? {})?.content;
    const mediaType = isObject(content)
      ? Object.keys(content).find((m) => /^application\/(.+\+)?json\b/.test(m))
      : undefined;
    const schema = mediaType ? content[mediaType]?.schema : undefined;
    const summary = [op.summary, op.description].find((t) => typeof t === "string") ?? "";
    return {
      name,
      method: method.toUpperCase(),
      summary,
      schema,
      pointer: schema
        ? `${at}${documentPointer("requestBody", "content", mediaType ?? "", "schema").slice(1)}`
        : at,
      typeName: `${typeName(name)}WebhookPayload`,
    };
  });
}

/** A JSDoc line (no comment closer, one line). */
const doc = (text: string): string => text.replace(/\*\//g, "*\\/").replace(/\s+/g, " ").trim();

/** The validators of the webhooks' payloads: one function each, its constants, the format functions used. */
function payloadValidators(hooks: readonly WebhookSpec[], emitter: ValidatorCodegen) {
  let code = "";
  const table: string[] = [];
  for (const hook of hooks) {
    if (hook.schema === undefined) continue;
    const fn = `validate${hook.typeName}`;
    let body: string;
    try {
      body = emitter.emitValidator(withoutAnnotations(hook.schema));
    } catch (error) {
      if (error instanceof GenerationRefusal) throw error;
      const place = {
        operation: { method: hook.method, path: `webhook ${hook.name}`, operationId: hook.name },
        pointer: hook.pointer,
      };
      refuse(place, (error as Error).message.replace(/ in a request schema at \S*$/, ""));
    }
    const constants = emitter.takeConstants();
    code += `${constants ? `\n${constants}\n` : ""}\n/** Checks the payload of the webhook ${JSON.stringify(doc(hook.name))}; pushes every violation into \`issues\`. */\nfunction ${fn}(v: any, issues: Issue[], decimalStrings = false): void {\nvoid decimalStrings;\n${body}}\n`;
    table.push(`  ${JSON.stringify(hook.name)}: ${fn},`);
  }
  return { code, table, formats: emitter.takeFormats() };
}

/** Refuses two webhooks whose payload aliases are one name, or an alias a component's type already has. */
function refuseAliasClashes(hooks: readonly WebhookSpec[], modelNames: readonly string[]): void {
  const owner = new Map(modelNames.map((n) => [n, `the component type ${n}`]));
  for (const hook of hooks) {
    const before = owner.get(hook.typeName);
    if (before)
      refuse(
        { pointer: documentPointer("webhooks", hook.name) },
        `the webhook "${hook.name}" and ${before} both become the type ${hook.typeName}; rename one`,
      );
    owner.set(hook.typeName, `the webhook "${hook.name}"`);
  }
}

/** The texts of `webhooks.ts` (the payload types) and `webhook-validators.ts` (the validators) for `document`. */
export function emitWebhooks(
  document: Json,
  types: ReturnType<typeof typeEmitter>,
  modelNames: readonly string[],
): { types: string; validators: string } {
  const hooks = webhooksOf(document);
  refuseAliasClashes(hooks, modelNames);
  for (const hook of hooks)
    if (hook.schema !== undefined)
      checkSchemaKeywords(document, hook.schema, hook.pointer, {
        operation: { method: hook.method, path: `webhook ${hook.name}`, operationId: hook.name },
      });
  types.takeUsed();
  const payloads = hooks.map(
    (h) => [h, h.schema === undefined ? "unknown" : types.typeOf(h.schema, "out")] as const,
  );
  const used = types.takeUsed();
  const models = modelNames.filter((n) => used.has(n));
  const members = payloads
    .map(
      ([h, t]) =>
        `${h.summary ? `  /** ${doc(h.summary)} */\n` : ""}  ${JSON.stringify(h.name)}: ${t};`,
    )
    .join("\n");
  const aliases = payloads
    .map(
      ([h]) =>
        `\n/** The payload of the webhook ${JSON.stringify(doc(h.name))} (${h.method}). */\nexport type ${h.typeName}<Decimals extends DecimalMode = "number"> = WebhookPayloads<Decimals>[${JSON.stringify(h.name)}];\n`,
    )
    .join("");
  const decimals = ["DecimalInput", "DecimalValue"].filter((n) => used.has(n));
  const typesText = `${BANNER}// biome-ignore-all lint: generated
import type { ${[...decimals, "DecimalMode"].join(", ")} } from "../decimals.js";
${models.length > 0 ? `import type { ${models.join(", ")} } from "./models.js";\n` : ""}
/** The payload of each webhook of the spec, by the webhook's name (its JSON request body). */
export interface WebhookPayloads<Decimals extends DecimalMode = "number"> {${members ? `\n${members}\n` : ""}}
${aliases}
/** The name of a webhook of the spec. */
export type WebhookName = keyof WebhookPayloads;
`;
  return {
    types: typesText,
    validators: validatorsModule(hooks, validatorCodegen(documentWithoutAnnotations(document))),
  };
}

/** The text of `webhook-validators.ts`: each webhook's payload validator and the webhooks' names. */
function validatorsModule(hooks: readonly WebhookSpec[], emitter: ValidatorCodegen): string {
  const { code, table, formats } = payloadValidators(hooks, emitter);
  return `${BANNER}// biome-ignore-all lint: generated
${formatImportsOf(formats)}import { DECIMAL_STRING } from "./operation-table.js";
import type { Issue, Validator } from "./validators.js";

void DECIMAL_STRING;
${code}
/** The payload validator of each webhook that has a JSON body, by the webhook's name. */
export const webhookValidators: Readonly<Record<string, Validator>> = {${table.length > 0 ? `\n${table.join("\n")}\n` : ""}};

/** The names of the spec's webhooks, in document order. */
export const webhookNames: readonly string[] = ${JSON.stringify(hooks.map((h) => h.name))};
`;
}
