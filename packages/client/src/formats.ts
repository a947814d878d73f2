// The formats the request validators check (and hand to the answer validators). The date-time check, which only
// answers use, is src/date-time.ts, so the client's entry does not carry it.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `s` is a real calendar date written "YYYY-MM-DD" (RFC 3339 full-date). */
export function isDate(s: string): boolean {
  // A date in this form parses as that day at UTC midnight; a day the month does not have (2023-02-30) does not
  // parse, or parses to another day.
  const time = DATE.test(s) ? Date.parse(s) : Number.NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(s);
}

// The "email" format of ajv-formats (full mode), so the client and Ajv-based checks agree.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** True when `s` is an e-mail address as ajv-formats' "email" format defines it (local@domain, ASCII). */
export function isEmail(s: string): boolean {
  return EMAIL.test(s);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `s` is a UUID written in its 8-4-4-4-12 hexadecimal form (RFC 9562). */
export function isUuid(s: string): boolean {
  return UUID.test(s);
}
