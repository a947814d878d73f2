// The format checks of the validators, against the spec model's Ajv (ajv-formats, full mode) where both define the
// format the same way.
import { createAjv } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { isDateTime } from "../src/date-time.js";
import { isDate } from "../src/formats.js";
import { isUri } from "../src/uri.js";
import { spec } from "./helpers/fixtures.js";

const ajv = createAjv(spec);
const ajvDate = ajv.ajv.compile({ type: "string", format: "date" });

describe("isDate", () => {
  const calendar = [
    "2024-02-29",
    "2023-02-29",
    "2000-02-29",
    "1900-02-29",
    "2023-02-30",
    "2023-04-31",
    "2023-12-31",
    "2023-13-01",
    "2023-00-10",
    "2023-01-00",
    "0000-01-01",
    "9999-12-31",
    "2023-1-01",
    "2023-01-01T00:00:00Z",
    " 2023-01-01",
    "",
  ];

  test.each(calendar)("agrees with Ajv on %j", (text) => {
    expect(isDate(text)).toBe(ajvDate(text));
  });

  test("accepts the last day of every month and rejects the day after it, leap years included", () => {
    for (const year of [1900, 2000, 2023, 2024]) {
      for (let month = 1; month <= 12; month++) {
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
        const at = (day: number) =>
          `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(isDate(at(last)), at(last)).toBe(true);
        expect(isDate(at(last + 1)), at(last + 1)).toBe(false);
      }
    }
  });
});

describe("isDateTime", () => {
  test.each([
    "2024-01-15T09:30:12Z",
    "2024-02-29T23:59:59.123+05:30",
    "2024-01-15 09:30:12z",
    "2024-01-15t09:30:12-00:00",
  ])("accepts %j", (text) => {
    expect(isDateTime(text)).toBe(true);
  });

  test.each([
    "2023-02-29T09:30:12Z",
    "2024-04-31T09:30:12Z",
    "2024-01-15T24:00:00Z",
    "2024-01-15T09:60:00Z",
    "2024-01-15T09:30:61Z",
    "2024-01-15T09:30:12",
    "2024-01-15",
    "not a date",
  ])("rejects %j", (text) => {
    expect(isDateTime(text)).toBe(false);
  });
});

describe("isUri", () => {
  const ajvUri = ajv.ajv.compile({ type: "string", format: "uri" });
  test.each([
    "https://pay.example/l/PL-1?x=1#top",
    "urn:isbn:0451450523",
    "mailto:ops@example.com",
    "http://[::1]:8080/",
    "pay here",
    "/relative/path",
    "example.com",
    "https://exa mple.com",
    "",
    "http://%zz",
  ])("agrees with Ajv on %j", (text) => {
    expect(isUri(text)).toBe(ajvUri(text));
  });
});
