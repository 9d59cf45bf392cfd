import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { chooseModel, DEFAULT_MODELS } from "./model-from-env.js";

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isSwitchboardError(error) && error.code === "USAGE") return error.message;
    throw error;
  }
  throw new Error("expected a USAGE error");
}

describe("chooseModel", () => {
  it("takes the first provider whose key is set, with its default model", () => {
    expect(chooseModel({}, { OPENAI_API_KEY: "k", GEMINI_API_KEY: "g" })).toEqual({
      provider: "openai",
      model: DEFAULT_MODELS.openai,
    });
    expect(chooseModel({}, { GOOGLE_API_KEY: "g" })).toEqual({
      provider: "gemini",
      model: DEFAULT_MODELS.gemini,
    });
    expect(chooseModel({}, { ANTHROPIC_API_KEY: "a", OPENAI_API_KEY: "o" }).provider).toBe("anthropic");
  });

  it("lets --provider and --model win over the environment", () => {
    expect(chooseModel({ provider: "gemini", model: "gemini-3-pro" }, { ANTHROPIC_API_KEY: "a" })).toEqual({
      provider: "gemini",
      model: "gemini-3-pro",
    });
  });

  it("names the variables when no key is set, except for a dry run", () => {
    const message = usageError(() => chooseModel({}, { ANTHROPIC_API_KEY: "  " }));
    for (const variable of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"]) {
      expect(message).toContain(variable);
    }
    expect(chooseModel({ dryRun: true }, {})).toEqual({
      provider: "anthropic",
      model: DEFAULT_MODELS.anthropic,
    });
  });

  it("rejects an unknown provider and an openai-compatible run without --model", () => {
    expect(usageError(() => chooseModel({ provider: "mistral" }, {}))).toContain("openai-compatible");
    expect(usageError(() => chooseModel({ provider: "openai-compatible" }, {}))).toContain("--model");
  });
});
