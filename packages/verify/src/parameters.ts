// Parameters on the wire for verify: the request's path, query and headers from values by name, written by the
// spec's wire module (a parameter style is one entry in spec/src/wire/styles.ts). What a value becomes once sent
// as text and read back by its schema is the wire module's `readBack` (the mock's rule too).
import type { ParameterSpec } from "@merchant-payments/spec/model";
import { serializeParameters } from "@merchant-payments/spec/wire";

/** Parameter values by name, as JSON values (a missing name is not sent). */
export type ParameterValues = Readonly<Record<string, unknown>>;

/** Where the parameters of one request go, the query as one string. */
export interface PlacedParameters {
  /** The path with every `{name}` replaced by its percent-encoded value. */
  readonly path: string;
  /** The query string without `?`, `""` for none. */
  readonly query: string;
  /** Header parameters (and the Cookie header, when there are cookie parameters). */
  readonly headers: Readonly<Record<string, string>>;
}

/** A path parameter's value verify cannot send: a URL parser folds `.` and `..` segments, `""` changes the route. */
export function unsendablePathValue(text: string): boolean {
  return text === "" || /^(\.|%2e){1,2}$/i.test(text);
}

/** The request's path, query and headers for `values` of `parameters` (names without a value are left out). */
export function placedParameters(
  path: string,
  parameters: readonly ParameterSpec[],
  values: ParameterValues,
): PlacedParameters {
  const out = serializeParameters(path, parameters, (p) => values[p.name]);
  return { path: out.path, query: out.query.join("&"), headers: out.headers };
}
