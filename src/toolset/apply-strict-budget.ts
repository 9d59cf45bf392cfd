import { anthropicStrictLimits } from "../providers/rules/anthropic.js";
import { strictBudget } from "../schema/index.js";
import type { JsonObject } from "../spec/json.js";
import type { TranslationWarning } from "../spec/warning.js";

interface BudgetedTool {
  name: string;
  schema: JsonObject;
  strict: boolean;
  warnings: TranslationWarning[];
}

/**
 * Anthropic counts strict tools, optional parameters and union-typed parameters per *request* (≤20, ≤24, ≤16),
 * so a catalogue of individually valid strict tools can still be rejected as a whole. Walking the tools in
 * emitted-name order keeps the choice deterministic: each tool stays strict while the running totals fit, and
 * the rest are handed to `demote`, which re-repairs them for the non-strict dialect. `cost` lets a caller that
 * remembers each schema's cost (the translation cache) skip re-walking it.
 */
export function applyAnthropicStrictBudget<Tool extends BudgetedTool>(
  tools: Tool[],
  demote: (tool: Tool, why: string) => Tool,
  cost: (tool: Tool) => { optionalParams: number; unionParams: number } = (tool) => strictBudget(tool.schema),
): Tool[] {
  const limits = anthropicStrictLimits;
  let count = 0;
  let optional = 0;
  let unions = 0;
  return tools.map((tool) => {
    if (!tool.strict) return tool;
    const { optionalParams, unionParams } = cost(tool);
    const over =
      count + 1 > limits.strictTools
        ? `more than ${limits.strictTools} strict tools`
        : optional + optionalParams > limits.optionalParams
          ? `more than ${limits.optionalParams} optional parameters across strict tools`
          : unions + unionParams > limits.unionParams
            ? `more than ${limits.unionParams} union-typed parameters across strict tools`
            : undefined;
    if (over !== undefined) {
      return demote(
        tool,
        `the request would carry ${over} (Anthropic's per-request limit, checked ${limits.checkedOn})`,
      );
    }
    count += 1;
    optional += optionalParams;
    unions += unionParams;
    return tool;
  });
}
