import { describe, expect, it } from "vitest";
import { CostInputError, ExactCountUnavailableError } from "../cost/cost-errors.js";
import { SwitchboardError } from "../errors.js";
import { withCostFlagHint } from "./cost-flags.js";

const hinted = (error: unknown) => withCostFlagHint(error) as SwitchboardError;

describe("withCostFlagHint", () => {
  it("turns each cost input problem into the USAGE line naming its flags, keeping the cause", () => {
    const source = new CostInputError("tokens-missing");
    const usage = hinted(source);
    expect(usage).toMatchObject({
      code: "USAGE",
      message: "What-if mode needs --tools and --tokens-per-tool (or --tokens for the whole array)",
    });
    expect(usage.cause).toBe(source);
    expect(hinted(new CostInputError("tokens-and-per-tool")).message).toBe(
      "Give either --tokens, or --tools with --tokens-per-tool, not both",
    );
    expect(hinted(new CostInputError("price-missing")).message).toBe(
      "What-if mode needs --price (USD per 1M input tokens) or --model",
    );
    expect(hinted(new CostInputError("model-unpriced", { model: "m" })).message).toBe(
      'No price for model "m"; pass --price',
    );
  });

  it("names --exact for a missing key or an unsupported wire", () => {
    expect(
      hinted(new ExactCountUnavailableError("anthropic", { variable: "ANTHROPIC_API_KEY" })),
    ).toMatchObject({
      code: "USAGE",
      message:
        "--exact needs ANTHROPIC_API_KEY (it asks the provider to count tokens): export it, or drop --exact",
    });
    expect(hinted(new ExactCountUnavailableError("gemini", { reason: "not here" })).message).toBe(
      "--exact: not here",
    );
  });

  it("leaves every other error as it is", () => {
    const other = new SwitchboardError("CONFIG_INVALID", "x");
    expect(withCostFlagHint(other)).toBe(other);
    const plain = new Error("y");
    expect(withCostFlagHint(plain)).toBe(plain);
  });

  it("library messages name no flag", () => {
    for (const problem of [
      "tokens-and-per-tool",
      "tokens-missing",
      "price-missing",
      "model-unpriced",
    ] as const)
      expect(new CostInputError(problem, { model: "m" }).message).not.toMatch(/--/);
    expect(new ExactCountUnavailableError("anthropic", { variable: "K" }).message).not.toMatch(/--/);
  });
});
