import { describe, expect, it } from "vitest";
import { MemoryCredentialStore } from "./memory-credential-store.js";

describe("MemoryCredentialStore", () => {
  it("round-trips credentials per server URL and lists the URLs sorted", async () => {
    const store = new MemoryCredentialStore();
    await store.save("https://b.example/mcp", { tokens: { access_token: "b", token_type: "Bearer" } });
    await store.save("https://a.example/mcp", { codeVerifier: "v" });
    expect(await store.list()).toEqual(["https://a.example/mcp", "https://b.example/mcp"]);
    expect((await store.load("https://b.example/mcp"))?.tokens?.access_token).toBe("b");
    expect(await store.load("https://c.example/mcp")).toBeUndefined();
    await store.delete("https://a.example/mcp");
    expect(await store.list()).toEqual(["https://b.example/mcp"]);
  });

  it("hands out copies: mutating a loaded value does not change the store", async () => {
    const store = new MemoryCredentialStore();
    const saved = { tokens: { access_token: "one", token_type: "Bearer" } };
    await store.save("u", saved);
    saved.tokens.access_token = "changed-after-save";
    const loaded = await store.load("u");
    if (loaded?.tokens !== undefined) loaded.tokens.access_token = "changed-after-load";
    expect((await store.load("u"))?.tokens?.access_token).toBe("one");
  });
});
