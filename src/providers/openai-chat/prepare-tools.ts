import type { JsonObject } from "../../spec/json.js";
import type { PreparedTool } from "../../spec/prepared-tool.js";

/** An OpenAI Chat Completions function tool, keys in fixed order. */
export interface OpenAIChatToolDefinition {
  type: "function";
  function: { name: string; description?: string; parameters: JsonObject; strict?: boolean };
}

export function prepareOpenAIChatTools(tools: readonly PreparedTool[]): OpenAIChatToolDefinition[] {
  return tools.map((tool) => {
    return {
      type: "function",
      function: {
        name: tool.name,
        ...(tool.description === "" ? {} : { description: tool.description }),
        parameters: tool.schema,
        ...(tool.strict ? { strict: true } : {}),
      },
    };
  });
}
