// The environment variables verify and the load's processor read secrets from (dependency-free: the processor
// bundles it).

/** The environment variable holding the Bearer token. */
export const TOKEN_VARIABLE = "MERCHANT_PAYMENTS_TOKEN";
/** The environment variable holding the API key for `apiKey` security schemes. */
export const API_KEY_VARIABLE = "MERCHANT_PAYMENTS_API_KEY";
/** The environment variable holding the `user:password` of HTTP Basic security schemes. */
export const BASIC_CREDENTIALS_VARIABLE = "MERCHANT_PAYMENTS_BASIC_CREDENTIALS";

/** The placeholder the load's script holds where an HTTP Basic `Authorization` goes (the processor fills it). */
export const BASIC_TEMPLATE = `{{ $env.${BASIC_CREDENTIALS_VARIABLE} }}`;
