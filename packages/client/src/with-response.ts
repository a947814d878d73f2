import { redactSecret } from "@merchant-payments/kit/redact";
import type { OperationId } from "./generated/operation-table.js";
import type { TransportResponse } from "./transport/transport.js";

/** The HTTP answer a method resolved from. */
export interface ResponseInfo {
  /** HTTP status of the answer (2xx). */
  readonly status: number;
  /** Response headers (case-insensitive `get`). */
  readonly headers: Headers;
}

/** What `.withResponse()` resolves with: the result, the answer it came from, and its request id. */
export interface WithResponse<T> {
  /** The method's result, exactly what awaiting the promise gives. */
  data: T;
  /** Status and headers of the answer. */
  response: ResponseInfo;
  /** The answer's request id (x-request-id, request-id, x-correlation-id or x-amzn-requestid), if any. */
  requestId: string | undefined;
}

/** A completed exchange: the 2xx answer and the token it was sent with (redacted from an unreadable body). */
export interface Exchange {
  readonly response: TransportResponse;
  readonly secret: string | undefined;
  /** The operation it answered. */
  readonly operation: OperationId;
}

/** The headers with the token (and its fragments) a server echoed into any value redacted; themselves if none was. */
function scrubbedHeaders(headers: Headers, secret: string | undefined): Headers {
  if (!secret) return headers;
  let copy: Headers | undefined;
  headers.forEach((value, name) => {
    const clean = redactSecret(value, secret);
    if (clean === value) return;
    copy ??= new Headers(headers);
    copy.set(name, clean);
  });
  return copy ?? headers;
}

const settled = (resolve: (value: never) => void) => resolve(undefined as never);

/**
 * The promise every method returns: await it for the result, or call `.withResponse()` for `{ data, response,
 * requestId }`. The request starts at once; the answer body is parsed only when the result is asked for (once).
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #exchange: Promise<Exchange>;
  readonly #parse: (exchange: Exchange) => T;
  #data: Promise<T> | undefined;

  /** Built by the client from the exchange in flight and the parser of its answer. */
  constructor(exchange: Promise<Exchange>, parse: (exchange: Exchange) => T) {
    super(settled);
    this.#exchange = exchange;
    this.#parse = parse;
  }

  /** Promises derived with then/catch/finally are plain Promises. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  #result(): Promise<T> {
    this.#data ??= this.#exchange.then(this.#parse);
    return this.#data;
  }

  /** Resolves with `{ data, response, requestId }`; rejects with the same error as the promise itself. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result().then((data) =>
      this.#exchange.then(({ response, secret }) => ({
        data,
        response: { status: response.status, headers: scrubbedHeaders(response.headers, secret) },
        requestId: response.requestId,
      })),
    );
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass's then, delegating to the parsed result
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result().then(onfulfilled, onrejected);
  }
}

/**
 * What a paginated method returns: awaiting it gives one page (an `ApiPromise<Page>`), and the same object is an async
 * iterable over every item of every page (`for await (const item of client.listX(args))`), following the spec's
 * `x-pagination` until the next cursor is null or absent.
 */
export type PagePromise<Page, Item> = ApiPromise<Page> & AsyncIterable<Item>;
