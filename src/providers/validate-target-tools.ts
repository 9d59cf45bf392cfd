import type { ProviderRequestError } from "../spec/provider-error.js";
import { providerModule } from "./registry.js";
import type { Target } from "./targets.js";

/**
 * Runs the strict validator of the target's provider over a wire-shape tools array. The `mcp` target has no
 * provider: it is checked against its own name rule only (any JSON Schema object is a valid MCP input schema).
 */
export function validateTargetTools(target: Target, tools: unknown): ProviderRequestError[] {
  return providerModule(target.wire).validateTools(tools, target);
}
