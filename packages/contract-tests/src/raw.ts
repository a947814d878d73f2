import { createRawClient, type RawClient } from "@merchant-payments/client/raw";
import type { OperationSpec } from "@merchant-payments/spec";
import { isJsonMedia } from "@merchant-payments/spec/wire";
import { controlledFetch, type FetchControls, REQUEST_TIMEOUT_MS, TOKEN } from "./harness.js";

/** What came back for one raw request. */
export interface RawAnswer {
  status: number;
  contentType: string;
  /** Prism's `sl-violations` header: which constraint it found broken. */
  violations: string;
  body: unknown;
}

/** Options of one raw request. */
export interface RawSendOptions {
  /** Headers to send besides the client's (Authorization, Accept-Language); default the operation's required ones. */
  headers?: Record<string, string>;
  /** Send this text as the body instead of JSON-serializing `body`. */
  rawText?: string;
  /** Timeout in milliseconds; default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** The client's raw openapi-fetch client for the mock at `baseUrl`, with the suite's token and controls. */
export function rawFor(baseUrl: string, controls: FetchControls = {}): RawClient {
  const forward = controlledFetch(controls);
  return createRawClient({ baseUrl, token: TOKEN, fetch: (request) => forward(request) });
}

/**
 * Sends a body through the client's raw client (openapi-fetch), so that the client's own validation cannot
 * hide what the server does with it. `accept: application/json` is sent, as the spec documents.
 */
export async function sendRaw(
  client: RawClient,
  op: OperationSpec,
  body: unknown,
  options: RawSendOptions = {},
): Promise<RawAnswer> {
  const post = client.POST as unknown as (
    path: string,
    init: Record<string, unknown>,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const init: Record<string, unknown> = {
    body,
    headers: { accept: "application/json", ...options.headers },
    signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    parseAs: "text",
  };
  if (options.rawText !== undefined) init.bodySerializer = () => options.rawText;
  const { data, error, response } = await post(op.path, init);
  const text = (data ?? error ?? "") as string;
  const contentType = response.headers.get("content-type") ?? "";
  // Only a JSON answer is parsed (an XML or other text answer stays its text); malformed JSON stays text too.
  let parsed: unknown = text;
  if (isJsonMedia(contentType)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
  }
  return {
    status: response.status,
    contentType,
    violations: response.headers.get("sl-violations") ?? "",
    body: parsed,
  };
}

/** The operation's required headers, with values taken from a valid body of the same request. */
export function requiredHeaders(op: OperationSpec, body: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  const source = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  for (const header of op.headers) {
    if (!header.required) continue;
    // A required header repeats a body property (the spec's x-equals-body-property).
    const key = header.equalsBodyProperty;
    if (key !== undefined && key in source) headers[header.name] = String(source[key]);
  }
  return headers;
}
