import type { JsonObject } from "../../spec/json.js";
import type { PreparedTool } from "../../spec/prepared-tool.js";

/**
 * An OpenAI Responses function tool (flat). `strict` is always explicit: the Responses API treats an absent
 * `strict` as true and then rejects optional properties, so a tool that could not be made strict says `false`.
 */
export interface OpenAIResponsesToolDefinition {
  type: "function";
  name: string;
  description?: string;
  parameters: JsonObject;
  strict: boolean;
}

export function prepareOpenAIResponsesTools(tools: readonly PreparedTool[]): OpenAIResponsesToolDefinition[] {
  return tools.map((tool) => {
    return {
      type: "function",
      name: tool.name,
      ...(tool.description === "" ? {} : { description: tool.description }),
      parameters: tool.schema,
      strict: tool.strict,
    };
  });
}
