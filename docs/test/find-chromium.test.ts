import { findChromium } from "@merchant-payments/test-support/browser";
import { afterEach, expect, test } from "vitest";

const saved = process.env.CHROME_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CHROME_PATH;
  else process.env.CHROME_PATH = saved;
});

test("with no browser at CHROME_PATH, the browser test fails saying how to install Chromium", () => {
  process.env.CHROME_PATH = "/nonexistent/chromium";
  expect(() => findChromium()).toThrow(
    /No Chromium at \/nonexistent\/chromium.*apt-get install -y chromium/s,
  );
});

test("finds the browser named by CHROME_PATH", () => {
  process.env.CHROME_PATH = process.execPath;
  expect(findChromium()).toBe(process.execPath);
});
