/** `text` with every occurrence of `secret` (the access token a server may echo back) replaced by "[redacted]". */
export function redact(text: string, secret: string | undefined): string {
  return secret && text.includes(secret) ? text.split(secret).join("[redacted]") : text;
}
