/**
 * The two tools of facade mode. Their definitions are constants: whatever the catalogue holds, the `tools`
 * array stays byte-identical, so the provider's prompt cache keeps hitting; the catalogue reaches the model
 * only through `search_tools` results.
 */
import type { McpTool } from "../spec/tool.js";

export const SEARCH_TOOLS_NAME = "search_tools";
export const CALL_TOOL_NAME = "call_tool";

export const SEARCH_TOOLS: McpTool = {
  name: SEARCH_TOOLS_NAME,
  description:
    "Find tools for a task. Only search_tools and call_tool are loaded; many more tools exist. Returns the best " +
    "matches with their exact names, descriptions and input schemas. Search before calling a tool you have not " +
    "seen yet; if nothing fits, search again with other words (the action, the object, the service's name).",
  inputSchema: {
    type: "object",
    properties: {
      query: {
        type: "string",
        description:
          "The action and the object in plain words, e.g. 'create calendar event', 'stock price', 'read file'; " +
          "add the service's name if you know it. Leave out file paths, IDs, numbers and politeness. For a " +
          "task that needs several tools, search once per tool.",
      },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 20,
        description: "How many tools to return (default 5).",
      },
    },
    required: ["query"],
    additionalProperties: false,
  },
};

export const CALL_TOOL: McpTool = {
  name: CALL_TOOL_NAME,
  description:
    "Call a tool found by search_tools. `name` must be exactly as search_tools returned it; `arguments` must fit " +
    "that tool's input schema. An invalid call returns an error saying what to fix.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The tool's name from search_tools." },
      arguments: { type: "object", description: "Arguments matching the tool's input schema." },
    },
    required: ["name", "arguments"],
    additionalProperties: false,
  },
};

/**
 * The two tools the search facade sends instead of the catalogue: `search_tools` to find tools and `call_tool`
 * to call one that was found.
 */
export const FACADE_TOOLS: readonly McpTool[] = [SEARCH_TOOLS, CALL_TOOL];

/**
 * o200k_base tokens of both definitions serialised in the Anthropic wire shape
 * (`[{"name","description","input_schema"}]`). A constant so counting costs nothing at run time; a test
 * recounts it. Provider-side overhead for the tools block itself is not included.
 */
export const FACADE_TOOLS_TOKENS = 299;

/** The facade definitions as an Anthropic `tools` value (what FACADE_TOOLS_TOKENS counts). */
export function facadeToolsAnthropicJson(): string {
  return JSON.stringify(
    FACADE_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
    })),
  );
}
