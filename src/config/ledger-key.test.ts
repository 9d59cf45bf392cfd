import { describe, expect, it } from "vitest";
import { parseConfig } from "./load-config.js";

describe("the listChanged and ledger keys", () => {
  it("pass through when given", () => {
    const config = parseConfig(
      JSON.stringify({
        mcpServers: {},
        listChanged: "next-conversation",
        ledger: { path: "state/usage.sqlite", enabled: true },
      }),
      "sb.json",
    );
    expect(config.listChanged).toBe("next-conversation");
    expect(config.ledger).toEqual({ path: "state/usage.sqlite", enabled: true });
  });

  it("reject an unknown policy and unknown ledger fields, naming the path", () => {
    expect(() => parseConfig(JSON.stringify({ mcpServers: {}, listChanged: "never" }), "sb.json")).toThrow(
      /\$\.listChanged/,
    );
    expect(() => parseConfig(JSON.stringify({ mcpServers: {}, ledger: { file: "x" } }), "sb.json")).toThrow(
      /\$\.ledger/,
    );
  });

  it("are absent when the file has none", () => {
    const config = parseConfig(JSON.stringify({ mcpServers: {} }), "sb.json");
    expect(config.listChanged).toBeUndefined();
    expect(config.ledger).toBeUndefined();
  });
});
