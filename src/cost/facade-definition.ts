import type { ServerTool } from "../spec/tool.js";

/**
 * A realistic search facade: two tools that stand in for the whole catalogue. The cost report tokenises these
 * for the chosen provider to price the "search facade" alternative. This is the one place the definitions
 * live; when the search layer ships its real pair, point this at it.
 */
export const FACADE_SERVER = "search";

export const FACADE_TOOLS: readonly ServerTool[] = [
  {
    server: FACADE_SERVER,
    tool: {
      name: "search_tools",
      description:
        "Search the catalogue of available tools by what you want to do. Returns the best matches, each with its name, description and input schema. Call a match with call_tool.",
      inputSchema: {
        type: "object",
        properties: {
          query: {
            type: "string",
            description: "What you want to do, in plain words, e.g. 'open an issue in the tracker'.",
          },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: 20,
            description: "How many matches to return (default 5).",
          },
          server: { type: "string", description: "Only search the tools of this server." },
        },
        required: ["query"],
      },
    },
  },
  {
    server: FACADE_SERVER,
    tool: {
      name: "call_tool",
      description:
        "Call a tool found with search_tools. Pass its exact name and its arguments as an object matching the input schema search_tools returned.",
      inputSchema: {
        type: "object",
        properties: {
          name: { type: "string", description: "The tool's name exactly as search_tools returned it." },
          arguments: {
            type: "object",
            description: "Arguments for the tool, matching its input schema.",
            additionalProperties: true,
          },
        },
        required: ["name", "arguments"],
      },
    },
  },
];

/** What the facade's price leaves out, shown beside it. */
export const FACADE_NOTE =
  "definitions only: the search results a model reads (and the extra turn to search) are paid in messages, not counted here";
