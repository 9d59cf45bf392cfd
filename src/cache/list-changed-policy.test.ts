import { describe, expect, it } from "vitest";
import { parseListChangedPolicy, withListChangedPolicy } from "./list-changed-policy.js";

describe("withListChangedPolicy", () => {
  it("next-turn builds before every request", async () => {
    let generation = 0;
    const build = withListChangedPolicy(() => ({ generation: ++generation }), "next-turn");
    expect(await build()).toEqual({ generation: 1 });
    expect(await build()).toEqual({ generation: 2 });
  });

  it("next-conversation keeps the first build for the rest of the conversation", async () => {
    let generation = 0;
    const build = withListChangedPolicy(async () => ({ generation: ++generation }), "next-conversation");
    const first = await build();
    expect(await build()).toBe(first);
    expect(generation).toBe(1);
    // A new conversation wraps again and sees the catalogue as it is now.
    const next = withListChangedPolicy(async () => ({ generation: ++generation }), "next-conversation");
    expect(await next()).toEqual({ generation: 2 });
  });

  it("next-conversation waits for the catalogue to settle before every later request", async () => {
    const order: string[] = [];
    const build = withListChangedPolicy(
      async () => {
        order.push("build");
        return {};
      },
      "next-conversation",
      {
        settle: async () => {
          order.push("settle");
        },
      },
    );
    await build();
    await build();
    await build();
    expect(order).toEqual(["build", "settle", "settle"]);
  });

  it("retries a failed first build", async () => {
    let attempts = 0;
    const build = withListChangedPolicy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("not yet");
      return { attempts };
    }, "next-conversation");
    await expect(build()).rejects.toThrow("not yet");
    expect(await build()).toEqual({ attempts: 2 });
    expect(await build()).toEqual({ attempts: 2 });
  });
});

describe("parseListChangedPolicy", () => {
  it("accepts the two policies and names them for anything else", () => {
    expect(parseListChangedPolicy("next-conversation")).toBe("next-conversation");
    expect(() => parseListChangedPolicy("never")).toThrow(/next-turn, next-conversation/);
  });
});
