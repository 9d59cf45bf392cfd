import type { JsonObject } from "../../spec/json.js";
import type { PreparedTool } from "../../spec/prepared-tool.js";

/** An Anthropic Messages custom tool, with keys in the fixed order switchboard serialises them. */
export interface AnthropicToolDefinition {
  name: string;
  description?: string;
  input_schema: JsonObject;
  strict?: true;
  cache_control?: { type: "ephemeral"; ttl?: "5m" | "1h" };
}

export interface AnthropicPrepareOptions {
  /** Put a cache breakpoint on the last tool so the whole array is cached (tools come first in the prefix). */
  cacheControl?: { type: "ephemeral"; ttl?: "5m" | "1h" };
}

export function prepareAnthropicTools(
  tools: readonly PreparedTool[],
  options: AnthropicPrepareOptions = {},
): AnthropicToolDefinition[] {
  return tools.map((tool, index) => {
    const last = index === tools.length - 1;
    return {
      name: tool.name,
      ...(tool.description === "" ? {} : { description: tool.description }),
      input_schema: tool.schema,
      ...(tool.strict ? { strict: true as const } : {}),
      ...(last && options.cacheControl !== undefined ? { cache_control: options.cacheControl } : {}),
    };
  });
}
