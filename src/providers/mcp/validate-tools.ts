import type { ProviderRequestError } from "../../spec/provider-error.js";
import type { Target } from "../targets.js";

/**
 * The `mcp` target has no provider to reject a tool: names are checked against the target's own name rule (any
 * JSON Schema object is a valid MCP input schema).
 */
export function validateMcpTools(tools: unknown, target: Target): ProviderRequestError[] {
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
