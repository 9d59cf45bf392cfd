import type { ProviderRequestError } from "../spec/provider-error.js";
import { validateAnthropicTools } from "./anthropic/validate-tools.js";
import { validateGeminiTools } from "./gemini/validate-tools.js";
import { validateOpenAIChatTools } from "./openai-chat/validate-tools.js";
import { validateOpenAIResponsesTools } from "./openai-responses/validate-tools.js";
import type { Target } from "./targets.js";

/**
 * Runs the strict validator of the target's provider over a wire-shape tools array. The `mcp` target has no
 * provider: it is checked against its own name rule only (any JSON Schema object is a valid MCP input schema).
 */
export function validateTargetTools(target: Target, tools: unknown): ProviderRequestError[] {
  switch (target.wire) {
    case "anthropic":
      return validateAnthropicTools(tools);
    case "openai-chat":
      return validateOpenAIChatTools(tools);
    case "openai-responses":
      return validateOpenAIResponsesTools(tools);
    case "gemini":
      return validateGeminiTools(tools);
    case "mcp":
      return validateMcpNames(target, tools);
  }
}

function validateMcpNames(target: Target, tools: unknown): ProviderRequestError[] {
  if (!Array.isArray(tools)) return [];
  const pattern = new RegExp(target.profile.name.pattern);
  const errors: ProviderRequestError[] = [];
  tools.forEach((tool: { name?: unknown }, index) => {
    if (typeof tool?.name !== "string" || !pattern.test(tool.name)) {
      errors.push({
        provider: "mcp",
        status: 400,
        message: `tools[${index}].name: does not match the MCP tool name rule ${target.profile.name.pattern}`,
      });
    }
  });
  return errors;
}
