const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when `s` is a real calendar date written "YYYY-MM-DD" (RFC 3339 full-date). */
export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const y = +(m[1] as string);
  const mo = +(m[2] as string);
  const d = +(m[3] as string);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : (DAYS[mo - 1] as number));
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** True when `s` is an RFC 3339 date-time, e.g. "2024-01-15T09:30:12Z". */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  return (
    !!m &&
    isDate(m[1] as string) &&
    +(m[2] as string) < 24 &&
    +(m[3] as string) < 60 &&
    +(m[4] as string) < 61
  );
}

// The "email" format of ajv-formats (full mode), so the client and Ajv-based checks agree.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** True when `s` is an e-mail address as ajv-formats' "email" format defines it (local@domain, ASCII). */
export function isEmail(s: string): boolean {
  return EMAIL.test(s);
}
