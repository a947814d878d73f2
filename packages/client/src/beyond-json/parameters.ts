// Path, query and header parameters written in their declared style by the spec's wire module (a new style is one
// entry there), and the URL of a call.

import { serializeParameter, serializeParameters } from "@merchant-payments/spec/wire";
import type { OperationInfo } from "../generated/operation-table.js";
import type { BaseUrl } from "../options.js";
import { withDates } from "./wire-dates.js";

/**
 * The URL of one call: the base URL's prefix, the path and query parameters written by their styles (the spec's
 * wire module: a path value's `/` is %2F), then the base URL's query, the parameters' and `extraQuery` (an API key
 * sent in the query).
 */
export function urlOf(
  base: BaseUrl,
  info: OperationInfo,
  params: Record<string, unknown>,
  extraQuery: readonly string[] = [],
): string {
  const serialized = serializeParameters(
    info.path,
    (info.parameters ?? []).filter((p) => p.in === "path" || p.in === "query"),
    (p) => withDates(params[p.name]),
  );
  const query = [...serialized.query, ...extraQuery].join("&");
  if (!query) return base.prefix + serialized.path + base.query;
  return `${base.prefix}${serialized.path}${base.query ? `${base.query}&` : "?"}${query}`;
}

/**
 * The header parameters given, by lower-case name, written by their style (`simple`: arrays joined by commas), and
 * the cookie parameters given as the `cookie` header (`name=value` pairs, encoded, joined by "; ").
 */
export function headerParameters(
  info: OperationInfo,
  params: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of info.parameters ?? []) {
    const value = params[p.name];
    if (value === undefined) continue;
    if (p.in === "header")
      out[p.name.toLowerCase()] = serializeParameter(p, withDates(value)).join("");
    else if (p.in === "cookie") cookies.push(...serializeParameter(p, withDates(value)));
  }
  if (cookies.length > 0) out.cookie = cookies.join("; ");
  return out;
}
