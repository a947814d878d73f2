import { describe, expect, test } from "vitest";
import { bearerToken, REDACTED, redactSecret } from "../src/redact.js";

describe("redactSecret", () => {
  const token = "tok_live_Qz9XwVh3KpL7mNc2";

  test("replaces the token and every run of 8 or more of its characters, not 7", () => {
    expect(redactSecret(`id Bearer ${token}!`, token)).toBe(`id Bearer ${REDACTED}!`);
    expect(redactSecret(`Unexpected token 'Qz9XwVh3Kp' in JSON`, token)).toBe(
      `Unexpected token '${REDACTED}' in JSON`,
    );
    expect(redactSecret("x Qz9XwVh y", token)).toBe("x Qz9XwVh y");
    expect(redactSecret("nothing here", undefined)).toBe("nothing here");
  });

  test("scans a 12-million-character text without overflowing the stack", () => {
    const text = `${"a".repeat(12_000_000)}${token.slice(3, 15)}`;
    expect(redactSecret(text, token).endsWith(REDACTED)).toBe(true);
  });

  test("reads the token of a Bearer Authorization header, any case", () => {
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken("Basic abc")).toBeUndefined();
  });
});
