import { describe, expect, it } from "vitest";
import { fakeAdapter } from "./__fixtures__/fake-adapter.js";
import { chooseSamplingModel, type SamplingModel } from "./model-preferences.js";

const opus: SamplingModel = {
  adapter: fakeAdapter("claude-opus-4-8"),
  scores: { cost: 0.1, speed: 0.3, intelligence: 1 },
};
const haiku: SamplingModel = {
  adapter: fakeAdapter("claude-haiku-4-5"),
  aliases: ["fast"],
  scores: { cost: 0.9, speed: 1, intelligence: 0.5 },
};

describe("chooseSamplingModel", () => {
  it("takes the first hint that is a substring of a model id or alias, in hint order", () => {
    expect(chooseSamplingModel({ hints: [{ name: "gpt" }, { name: "HAIKU" }] }, [opus, haiku]).model).toBe(
      haiku,
    );
    expect(chooseSamplingModel({ hints: [{ name: "fast" }] }, [opus, haiku])).toEqual({
      model: haiku,
      because: 'hint "fast"',
    });
  });

  it("weighs priorities against scores when no hint matches", () => {
    expect(chooseSamplingModel({ hints: [{ name: "x" }], speedPriority: 1 }, [opus, haiku]).model).toBe(
      haiku,
    );
    expect(chooseSamplingModel({ intelligencePriority: 1, costPriority: 0.2 }, [opus, haiku]).model).toBe(
      opus,
    );
  });

  it("falls back to the first (the conversation's) model", () => {
    expect(chooseSamplingModel(undefined, [opus, haiku])).toEqual({
      model: opus,
      because: "the default model",
    });
    expect(() => chooseSamplingModel(undefined, [])).toThrow(/at least one model/);
  });
});
