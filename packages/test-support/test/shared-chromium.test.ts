// The docs' browser tests share one Chromium per test worker (sharedChromium): the same browser for every file the
// worker runs, a new one once it has closed.
import { afterAll, describe, expect, test } from "vitest";
import { hasChromium, sharedChromium } from "../src/browser.js";

describe.skipIf(!hasChromium())("sharedChromium", () => {
  afterAll(async () => {
    await (await sharedChromium()).close();
  });

  test("hands every caller of the worker the same connected browser", async () => {
    const [first, second] = await Promise.all([sharedChromium(), sharedChromium()]);
    expect(second).toBe(first);
    expect(first.isConnected()).toBe(true);
  });

  test("launches a new browser once the shared one has closed", async () => {
    const closed = await sharedChromium();
    await closed.close();
    await expect.poll(async () => (await sharedChromium()) !== closed).toBe(true);
    expect((await sharedChromium()).isConnected()).toBe(true);
  });
});
