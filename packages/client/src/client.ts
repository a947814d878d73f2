import type { DecimalMode } from "./decimals.js";
import { bindMethods, type MerchantPaymentsClient } from "./generated/client-methods.js";
import { operations } from "./generated/operation-table.js";
import type { ResponseValidators } from "./generated/response-validators.js";
import { formatChecks, type Issue } from "./generated/validators.js";
import { parseResult } from "./normalize.js";
import { type ClientOptions, resolveOptions } from "./options.js";
import { createRequestCore } from "./request-core.js";
import { ResponseValidationError } from "./response-validation-error.js";
import { NOT_JSON, readJson, toObjectForm } from "./wire-values.js";
import type { Exchange } from "./with-response.js";

export type { ClientOptions, RequestOptions, TokenSource } from "./options.js";

export type { MerchantPaymentsClient };

/**
 * Creates a client; its type follows the `decimals` option (`MerchantPaymentsClient<"string">` for `"string"`).
 * Throws TypeError for a missing or unusable baseUrl, token, acceptLanguage, defaultHeaders, logger or decimals, and
 * RangeError for numbers out of range (see `resolveOptions`).
 */
export function createMerchantPaymentsClient<const Decimals extends DecimalMode = "number">(
  options: ClientOptions<Decimals>,
): MerchantPaymentsClient<Decimals> {
  const resolved = resolveOptions(options);
  const core = createRequestCore(resolved);
  const decimalStrings = resolved.decimals === "string";
  const validateResponses = resolved.validateResponses;

  /**
   * The answer validators, imported on the first answer of a client with `validateResponses` (a separate chunk: an
   * app that never checks answers does not load them).
   */
  let answerValidators: Promise<ResponseValidators> | undefined;
  /** The decimal codec, imported on the first answer with decimals of a client with `decimals: "string"`. */
  let decimalCodec: Promise<typeof import("./decimals.js")> | undefined;

  /** Whether the answer of `operation` has decimal fields to keep as text. */
  const quotesDecimals = (operation: Exchange["operation"]): boolean => {
    const info = operations[operation];
    return decimalStrings && !("objectFormProperty" in info) && info.responseDecimalKeys.length > 0;
  };

  /** The result of an answer: parsed, checked when asked, in the form the spec states. */
  function decode(exchange: Exchange): unknown {
    const quoting = quotesDecimals(exchange.operation);
    if (!validateResponses && !quoting) return decodeWith(exchange, undefined, undefined);
    if (validateResponses) {
      answerValidators ??= import("./generated/response-validators.js").then((m) =>
        m.createResponseValidators(formatChecks),
      );
    }
    if (quoting) decimalCodec ??= import("./decimals.js");
    return Promise.all([
      validateResponses ? answerValidators : undefined,
      quoting ? decimalCodec : undefined,
    ]).then(([validators, codec]) => decodeWith(exchange, validators, codec?.quoteDecimalFields));
  }

  function decodeWith(
    { response, secret, operation }: Exchange,
    validators: ResponseValidators | undefined,
    quoteDecimalFields: ((text: string, keys: readonly string[]) => string) | undefined,
  ): unknown {
    const info = operations[operation];
    const check = (data: unknown) => {
      if (validators === undefined) return;
      const issues: Issue[] = [];
      validators[operation](data, issues, decimalStrings);
      if (issues.length > 0) {
        throw new ResponseValidationError(issues, response.status, response.requestId);
      }
    };
    if ("objectFormProperty" in info) {
      const data = readJson(response.text);
      if (data !== NOT_JSON) check(data);
      return toObjectForm(data, response.text, info.objectFormProperty);
    }
    const text =
      quoteDecimalFields !== undefined
        ? quoteDecimalFields(response.text, info.responseDecimalKeys)
        : response.text;
    const data = parseResult(
      response.status,
      text,
      info.stringifiedIntegers,
      secret,
      response.requestId,
    );
    check(data);
    return data;
  }

  return bindMethods<Decimals>((operation, body, requestOptions) =>
    core.send(operation, body, requestOptions, decode),
  );
}
