// `validators.ts` and `response-validators.ts`: the request and answer validators of every operation, emitted by the
// validator codegen (validator-codegen.ts, used as it is through the interface below). Two modules: the request
// validators (always used, in the client's entry) and the answer validators (loaded only with validateResponses,
// their own chunk). Each imports only the format functions it uses, so a format test only answers need (date-time) is
// not loaded at start. The answer module imports from the entry's modules no code at run time (only types): the
// client hands it the format tests and any request validator an answer schema shares, so its lazily loaded chunk
// shares no chunk with the entry.
import { deref, type Json } from "@merchant-payments/spec/model";
import { BANNER, type Generation, upperFirst } from "./generation.js";
import type { OperationFacts } from "./operation-facts.js";
import { asDocumentPointer, GenerationRefusal, type RefusalPlace, refuse } from "./refusal.js";
import { formatImports, planFormatImports, validatorEmitter } from "./validator-codegen.js";
import { documentWithoutAnnotations, withoutAnnotations } from "./validator-input.js";

/**
 * What this module calls of the validator codegen (validator-codegen.ts): the emitter of one validator's body, the
 * module constants and format functions used since the last take, and the format imports of the two modules.
 */
export interface ValidatorCodegen {
  /** The body of a validator function for `schema` (the value is `v`, issues go to `issues`); throws on what it cannot check. */
  emitValidator(schema: Json): string;
  /** The module-level constants emitted since the last call, one declaration a line. */
  takeConstants(): string;
  /** The format functions the validators emitted since the last call use. */
  takeFormats(): string[];
}
/** The format imports' plan: the functions the answer module gets handed over, and those it imports itself. */
type PlanFormatImports = (
  requestFormats: string[],
  answerFormats: string[],
) => { handedOver: string[]; answerImports: string[] };

/** The validator codegen of a document (validator-codegen.ts's `validatorEmitter`, through `ValidatorCodegen`). */
export const validatorCodegen: (document: Json) => ValidatorCodegen = validatorEmitter;
const plan: PlanFormatImports = planFormatImports;
/** The import lines of the format functions `names` (validator-codegen.ts's `formatImports`). */
export const formatImportsOf: (names: string[]) => string = formatImports;

/** A validator emitted once per schema object: its function name and the module holding it. */
interface Emitted {
  readonly name: string;
  readonly module: "request" | "answer";
}

/** The schema of the parameters of an operation, as one object of the method's argument (each parameter by name). */
function parametersSchema(facts: OperationFacts): Json {
  return {
    type: "object",
    required: facts.parameterList.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(facts.parameterList.map((p) => [p.name, p.schema])),
  };
}

/** A body that is not an object (binary, text, a JSON array) is the argument's `body`: checked as `{ body }`. */
function bodyWrapper(facts: OperationFacts): Json {
  return {
    type: "object",
    ...(facts.bodyRequired ? { required: ["body"] } : {}),
    properties: { body: facts.requestSchema },
  };
}

/** The text of `validators.ts`: the request validators, the format tests handed over, the tables by operation. */
function requestValidatorsModule(parts: {
  factsList: readonly OperationFacts[];
  handedOver: string[];
  validators: string;
  requestValidators: string[][];
  parameterValidators: string[][];
  sharedWithAnswers: string[];
}): string {
  const { factsList, handedOver, validators, requestValidators, parameterValidators } = parts;
  const shared = parts.sharedWithAnswers;
  return `${BANNER}// biome-ignore-all lint: generated
${formatImportsOf(handedOver)}import { DECIMAL_STRING } from "./operation-table.js";

import type { Issue } from "@merchant-payments/spec/issues";

/** One violation of a schema: the workspace's one \`Issue\` (JSON pointer of the value, what is wrong). */
export type { Issue };
/** Checks a value; pushes every violation into \`issues\`. With \`decimalStrings\`, a decimal may also be its exact text. */
export type Validator = (value: any, issues: Issue[], decimalStrings?: boolean) => void;

/** The format tests the request validators use, handed to the answer validators by the client (their chunk shares no code with the entry). */
export const formatTests = { ${[...handedOver, "DECIMAL_STRING"].join(", ")} };
/** The type of \`formatTests\`. */
export type FormatTests = typeof formatTests;
/** The request validators an answer's schema shares (the same component), handed to the answer validators by the client. */
export const sharedWithAnswers = { ${shared.join(", ")} };
/** The type of \`sharedWithAnswers\`. */
export type SharedWithAnswers = typeof sharedWithAnswers;
${validators}${factsList.some((f) => !f.requestSchema) ? "\n/** The body validator of an operation without a body: nothing to validate (its arguments are validated as parameters). */\nfunction validateNoBody(): void {}\n" : ""}
/** The request body validator of each operation (one without a body checks nothing). */\nexport const validators = {\n${requestValidators.map(([id, fn]) => `  ${id}: ${fn},`).join("\n")}\n} as const satisfies Record<string, Validator>;\n\n/** The parameters' validator of each operation that has parameters (checks them as one object, by name). */\nexport const parameterValidators: Readonly<Record<string, Validator>> = {\n${parameterValidators.map(([id, fn]) => `  ${id}: ${fn},`).join("\n")}\n};\n`;
}

/** The request validators that answers use as they are (an answer whose schema is a request's component). */
function sharedOf(answerEntries: [string, Emitted][]): string[] {
  return [
    ...new Set(answerEntries.filter(([, e]) => e.module === "request").map(([, e]) => e.name)),
  ];
}

/** The text of `response-validators.ts`: a factory of the answer validators taking the format tests from the client. */
function answerValidatorsModule(parts: {
  handedOver: string[];
  answerImports: string[];
  answerConstants: string;
  answerModule: string;
  answerEntries: [string, Emitted][];
}): string {
  const { handedOver, answerImports, answerConstants, answerModule, answerEntries } = parts;
  const sharedWithRequests = sharedOf(answerEntries);
  return `${BANNER}// biome-ignore-all lint: generated
${formatImportsOf(answerImports)}import type { FormatTests, Issue, SharedWithAnswers, Validator } from "./validators.js";
${answerConstants}
/**
 * The answer (2xx body) validator of each operation, built from the format tests (\`formatTests\` of validators.ts)${
   sharedWithRequests.length > 0 ? " and the request validators the answers share" : ""
 }.
 */
export function createResponseValidators(
  { ${[...handedOver, "DECIMAL_STRING"].join(", ")} }: FormatTests,${
    sharedWithRequests.length > 0
      ? `\n  { ${sharedWithRequests.join(", ")} }: SharedWithAnswers,`
      : "\n  _shared: SharedWithAnswers,"
  }
) {
void DECIMAL_STRING;${handedOver.map((n) => ` void ${n};`).join("")}
${answerModule}
return {
${answerEntries.map(([id, e]) => `  ${/^[A-Za-z_$][\w$]*$/.test(id) ? id : JSON.stringify(id)}: ${e.name},`).join("\n")}
} as const satisfies Record<string, Validator>;
}

/** The answer validators' table, as \`createResponseValidators\` returns it. */
export type ResponseValidators = ReturnType<typeof createResponseValidators>;
`;
}

/** The place a validator's refusal names: the operation and the schema's JSON Pointer. */
function placeOf(facts: OperationFacts, pointer: string | undefined): RefusalPlace {
  return {
    operation: { method: facts.method, path: facts.path, operationId: facts.specOperationId },
    ...(pointer !== undefined ? { pointer: asDocumentPointer(pointer) } : {}),
  };
}

/**
 * The validator emission of one generation: each schema object's validator emitted once, into the module that first
 * needs it; a refusal of the codegen is re-thrown naming the operation and the schema's pointer.
 */
function validatorWriter(document: Json, emitValidator: ValidatorCodegen) {
  const emitted = new Map<Json, Emitted>();
  const out = { validators: "", answerModule: "", answerConstants: "" };
  const validatorFor = (
    node: Json,
    fallbackName: string,
    module: "request" | "answer",
    place: RefusalPlace,
  ): Emitted => {
    const schema = deref(document, node);
    const known = emitted.get(schema);
    if (known) return known;
    const name = `validate${fallbackName}`;
    let code: string;
    try {
      code = emitValidator.emitValidator(withoutAnnotations(node));
    } catch (error) {
      if (error instanceof GenerationRefusal) throw error;
      const reason = (error as Error).message;
      refuse(
        { ...place, ...keywordOf(reason) },
        reason.replace(/ in a request schema at \S*$/, ""),
      );
    }
    const constants = emitValidator.takeConstants();
    if (module === "answer" && constants) out.answerConstants += `${constants}\n`;
    let text = module === "request" && constants ? `\n${constants}\n` : "";
    text += `\n/** Checks a ${fallbackName}; pushes every violation into \`issues\`. */\n${module === "request" ? "export " : ""}function ${name}(v: any, issues: Issue[], decimalStrings = false): void {\nvoid decimalStrings;\n${code}}\n`;
    if (module === "request") out.validators += text;
    else out.answerModule += text;
    const entry = { name, module };
    emitted.set(schema, entry);
    return entry;
  };
  return { validatorFor, out };
}

/** The keyword a codegen message names (`Unsupported keyword "xml"`, `Unsupported format "x"`), if any. */
function keywordOf(message: string): { keyword?: string } {
  const keyword =
    /keyword "([^"]+)"/.exec(message)?.[1] ?? (/format "/.test(message) ? "format" : undefined);
  return keyword ? { keyword } : {};
}

/** `validators.ts` and `response-validators.ts` of a generation. */
export function emitValidatorModules({ document, factsList }: Generation): {
  requests: string;
  answers: string;
} {
  const emitter = validatorCodegen(documentWithoutAnnotations(document));
  const { validatorFor, out } = validatorWriter(document, emitter);
  const requestValidators = factsList.map((f) => {
    const place = placeOf(f, f.requestSchemaPointer);
    if (!f.requestSchema) return [f.operationId, "validateNoBody"];
    if (f.bodySpread !== false)
      return [
        f.operationId,
        validatorFor(f.requestSchema, f.requestSchemaName, "request", place).name,
      ];
    const name = `${upperFirst(f.operationId)}Body`;
    return [f.operationId, validatorFor(bodyWrapper(f), name, "request", place).name];
  });
  // The parameters of each operation that has some, checked as one object (an issue's path names the parameter).
  const parameterValidators = factsList.flatMap((f) =>
    f.parameterList.length > 0
      ? [
          [
            f.operationId,
            validatorFor(
              parametersSchema(f),
              `${upperFirst(f.operationId)}Parameters`,
              "request",
              placeOf(f, f.parameterList[0]?.schemaPointer),
            ).name,
          ],
        ]
      : [],
  );
  const requestFormats = emitter.takeFormats();
  const answerEntries = factsList.flatMap((f) => answerEntriesOf(document, f, validatorFor));
  const answerFormats = emitter.takeFormats();
  const { handedOver, answerImports } = plan(requestFormats, answerFormats);
  return {
    requests: requestValidatorsModule({
      factsList,
      handedOver,
      validators: out.validators,
      requestValidators,
      parameterValidators,
      sharedWithAnswers: sharedOf(answerEntries),
    }),
    answers: answerValidatorsModule({ handedOver, answerImports, ...out, answerEntries }),
  };
}

/** The first JSON 2xx answer under the operation's id; another JSON 2xx status of another schema under "id status". */
function answerEntriesOf(
  document: Json,
  f: OperationFacts,
  validatorFor: ReturnType<typeof validatorWriter>["validatorFor"],
): [string, Emitted][] {
  const out: [string, Emitted][] = [];
  if (f.responseSchema === undefined) return out;
  const name = f.responseSchemaName ?? `${upperFirst(f.operationId)}Result`;
  const place = placeOf(f, f.responseSchemaPointer);
  out.push([f.operationId, validatorFor(f.responseSchema, name, "answer", place)]);
  for (const a of f.answerList) {
    if (!a.schema || a.status === f.responseStatus) continue;
    if (deref(document, a.schema) === deref(document, f.responseSchema)) continue;
    const other = `${upperFirst(f.operationId)}Result${a.status}`;
    out.push([`${f.operationId} ${a.status}`, validatorFor(a.schema, other, "answer", place)]);
  }
  return out;
}
