import { describe, expect, it } from "vitest";
import { parseConfig } from "./load-config.js";

describe("the prices key", () => {
  it("passes per-model price overrides through to the cost layer", () => {
    const config = parseConfig(
      JSON.stringify({ mcpServers: {}, prices: { "claude-opus-4-8": { input: 4, source: "our contract" } } }),
      "sb.json",
    );
    expect(config.prices).toEqual({ "claude-opus-4-8": { input: 4, source: "our contract" } });
  });

  it("rejects a model entry that is not an object, naming the path", () => {
    expect(() => parseConfig(JSON.stringify({ mcpServers: {}, prices: { "gpt-5": 3 } }), "sb.json")).toThrow(
      /\$\.prices\["gpt-5"\]|\$\.prices\.gpt-5/,
    );
  });

  it("is absent when the file has none", () => {
    expect(parseConfig(JSON.stringify({ mcpServers: {} }), "sb.json").prices).toBeUndefined();
  });
});
