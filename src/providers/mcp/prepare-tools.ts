import type { JsonObject } from "../../spec/json.js";
import type { PreparedTool } from "../../spec/prepared-tool.js";
import type { ToolAnnotations } from "../../spec/tool.js";

/** A tool as the gateway lists it to a downstream MCP client. */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  annotations?: ToolAnnotations;
}

export function prepareMcpTools(
  tools: readonly (PreparedTool & { title?: string; annotations?: ToolAnnotations })[],
): McpToolDefinition[] {
  return tools.map((tool) => {
    return {
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === "" ? {} : { description: tool.description }),
      inputSchema: tool.schema,
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    };
  });
}
