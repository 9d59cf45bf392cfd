import { describe, expect, it } from "vitest";
import { supports } from "./downstream-peers.js";

const sampling = { method: "sampling/createMessage" as const, params: { messages: [], maxTokens: 1 } };
const form = { method: "elicitation/create" as const, params: { message: "m", requestedSchema: {} } };
const url = {
  method: "elicitation/create" as const,
  params: { mode: "url", message: "m", url: "https://x" },
};

describe("supports", () => {
  it("forwards only what the client declared", () => {
    expect(supports(undefined, sampling)).toBe(false);
    expect(supports({}, sampling)).toBe(false);
    expect(supports({ sampling: {} }, sampling)).toBe(true);
    expect(supports({ sampling: {} }, { ...sampling, params: { ...sampling.params, tools: [] } })).toBe(
      false,
    );
    expect(
      supports({ sampling: { tools: {} } }, { ...sampling, params: { ...sampling.params, tools: [] } }),
    ).toBe(true);
    expect(supports({ sampling: {} }, form)).toBe(false);
  });

  it("reads a bare elicitation capability as form mode only", () => {
    expect(supports({ elicitation: {} }, form)).toBe(true);
    expect(supports({ elicitation: {} }, url)).toBe(false);
    expect(supports({ elicitation: { url: {} } }, form)).toBe(false);
    expect(supports({ elicitation: { url: {} } }, url)).toBe(true);
    expect(supports({ elicitation: { form: {}, url: {} } }, form)).toBe(true);
  });
});
