import { describe, expect, it } from "vitest";
import { onFirstUse } from "./lazy-client.js";

describe("onFirstUse", () => {
  it("makes the client once, on first use, for concurrent callers", async () => {
    let made = 0;
    const source = onFirstUse(async () => {
      made += 1;
      return { id: made };
    });
    expect(made).toBe(0);
    const [a, b] = await Promise.all([source(), source()]);
    expect(a).toBe(b);
    expect(await source()).toBe(a);
    expect(made).toBe(1);
  });

  it("tries again after a failed load", async () => {
    let attempts = 0;
    const source = onFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("load failed");
      return "client";
    });
    await expect(source()).rejects.toThrow("load failed");
    expect(await source()).toBe("client");
    expect(attempts).toBe(2);
  });
});
