// The date-time format, which only the answer validators check: imported by their lazily loaded module alone (it
// shares no module with the client's entry, so it does not load at start).

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** True when `s` is an RFC 3339 date-time, e.g. "2024-01-15T09:30:12Z": a real calendar date and a time of day. */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const date = m[1] as string;
  // The date parses as that day at UTC midnight; a day the month does not have parses to another day, or not at all.
  const time = Date.parse(date);
  return (
    !Number.isNaN(time) &&
    new Date(time).toISOString().startsWith(date) &&
    +(m[2] as string) < 24 &&
    +(m[3] as string) < 60 &&
    +(m[4] as string) < 61
  );
}
