// The one header that tells the validation proxy a request breaks the spec on purpose: verify sets it on each
// request it sends to be refused, and the proxy (packages/mock) forwards such a request and counts the server's
// documented refusal of it as expected, not as the caller's mistake. Dependency-free.

/** Name of the header (lower case, as Node reads it): `Merchant-Payments-Deliberately-Invalid`. */
export const DELIBERATELY_INVALID_HEADER = "merchant-payments-deliberately-invalid";

/** Its value on verify's first request (one `GET` of the base URL, outside the spec, to see a server is there). */
export const PROBE_MARK = "probe";
