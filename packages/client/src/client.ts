import { redactSecret } from "@merchant-payments/kit/redact";
import type { DecimalMode } from "./decimals.js";
import { bindMethods, type MerchantPaymentsClient } from "./generated/client-methods.js";
import { type OperationInfo, operations } from "./generated/operation-table.js";
import type { ResponseValidators } from "./generated/response-validators.js";
import {
  formatTests,
  type Issue,
  sharedWithAnswers,
  type Validator,
} from "./generated/validators.js";
import { parseResult } from "./normalize.js";
import { type ClientOptions, resolveOptions, type TokenSource } from "./options.js";
import { createRequestCore, loadBeyondJson } from "./request-core.js";
import { ResponseValidationError } from "./response-validation-error.js";
import { toObjectForm } from "./wire-values.js";
import type { Exchange } from "./with-response.js";

export type { ClientOptions, RequestOptions, TokenSource } from "./options.js";

/**
 * Options of a client given API keys alone (no bearer token): it calls the operations the spec secures with an API key
 * (or with nothing); an operation that needs the token is a TypeError or TokenError, nothing sent.
 */
export type KeyOnlyClientOptions<Decimals extends DecimalMode = DecimalMode> = Omit<
  ClientOptions<Decimals>,
  "token"
> & { token?: undefined } & (
    | { apiKey: TokenSource; apiKeys?: Readonly<Record<string, TokenSource>> }
    | { apiKeys: Readonly<Record<string, TokenSource>> }
  );

export type { MerchantPaymentsClient };

/**
 * Creates a client; its type follows the `decimals` option (`MerchantPaymentsClient<"string">` for `"string"`).
 * Throws TypeError for a missing or unusable baseUrl, token, acceptLanguage, defaultHeaders, logger or decimals, and
 * RangeError for numbers out of range (see `resolveOptions`).
 */
export function createMerchantPaymentsClient<const Decimals extends DecimalMode = "number">(
  options: ClientOptions<Decimals> | KeyOnlyClientOptions<Decimals>,
): MerchantPaymentsClient<Decimals> {
  const resolved = resolveOptions(options as ClientOptions<Decimals>);
  const requestCore = createRequestCore(resolved);
  const decimalStrings = resolved.decimals === "string";
  const validateResponses = resolved.validateResponses;

  /**
   * The answer validators, imported on the first answer of a client with `validateResponses` (a separate chunk: an
   * app that never checks answers does not load them).
   */
  let answerValidators: Promise<ResponseValidators> | undefined;
  /** The decimal codec, imported on the first answer with decimals of a client with `decimals: "string"`. */
  let decimalCodec: Promise<typeof import("./decimals.js")> | undefined;

  /**
   * The result of an answer: parsed, checked when asked, in the form the spec states. Synchronous unless the answer
   * validators or the decimal codec are needed (each imported once, on first use).
   */
  /**
   * The result of an answer: for an operation with several 2xx answers or non-JSON ones, by the answer's kind (JSON,
   * text, Blob, nothing); else as JSON (see `decodeJson`).
   */
  function decode(exchange: Exchange): unknown {
    const info: OperationInfo = operations[exchange.operation];
    if (info.answers === undefined) return decodeJson(exchange);
    return loadBeyondJson().then((m) =>
      m.decodeAnswer(info, exchange.response, () => decodeJson(exchange)),
    );
  }

  function decodeJson({ response, secret, operation }: Exchange): unknown {
    // Read as the OperationInfo type: a spec none of whose answers has an object form types the member `never`.
    const info: OperationInfo = operations[operation];
    const objectForm = info.objectFormProperty;
    // Numbers kept as their exact text: decimals under `decimals: "string"`, integer-or-string fields below the top level.
    const exact = [
      ...(decimalStrings ? info.responseDecimals : []),
      ...((info as OperationInfo).nestedStringified ?? []),
    ];
    const quoting = objectForm === undefined && exact.length > 0;
    const toResult = (
      validators: ResponseValidators | undefined,
      codec: typeof import("./decimals.js") | undefined,
    ): unknown => {
      const text = response.text;
      // Like every answer the spec declares JSON, one in an object form that is not JSON (or is empty, or nests too
      // deep) is an UnexpectedResponseError, never a `{ message: "<html>…" }`.
      const data = parseResult(
        response.status,
        codec ? codec.quoteNumbersAt(text, exact) : text,
        info.stringifiedIntegers,
        secret,
        response.requestId,
      );
      if (validators) {
        const issues: Issue[] = [];
        const table = validators as Record<string, Validator | undefined>;
        (table[`${operation} ${response.status}`] ?? table[operation])?.(
          data,
          issues,
          decimalStrings,
        );
        if (issues.length > 0) {
          // A path names the answer's own keys: one a server made of the token is redacted.
          const shown = issues.map((i) => ({
            path: redactSecret(i.path, secret),
            message: i.message,
          }));
          throw new ResponseValidationError(shown, response.status, response.requestId);
        }
      }
      return objectForm === undefined ? data : toObjectForm(data, text, objectForm);
    };
    if (!validateResponses && !quoting) return toResult(undefined, undefined);
    if (validateResponses) {
      answerValidators ??= import("./generated/response-validators.js").then((m) =>
        m.createResponseValidators(formatTests, sharedWithAnswers),
      );
    }
    if (quoting) decimalCodec ??= import("./decimals.js");
    return Promise.all([
      validateResponses ? answerValidators : undefined,
      quoting ? decimalCodec : undefined,
    ]).then(([validators, codec]) => toResult(validators, codec));
  }

  return bindMethods<Decimals>((operation, args, requestOptions) =>
    requestCore.send(operation, args, requestOptions, decode),
  );
}
