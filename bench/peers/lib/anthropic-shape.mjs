/**
 * The hand-written code a user of a bare client writes: MCP tools → Anthropic `tools` entries, and Anthropic
 * `tool_use` blocks → `tool_result` blocks. Shared by the raw and official-SDK adapters so they differ only
 * in the client underneath.
 */

/** `listings`: [{ server, tools }]. One server keeps raw names; several get `server__tool`. */
export function toAnthropicTools(listings) {
  const prefix = listings.length > 1;
  const out = [];
  for (const { server, tools } of listings) {
    for (const tool of tools) {
      out.push({
        name: prefix ? `${server}__${tool.name}` : tool.name,
        description: tool.description ?? "",
        input_schema: tool.inputSchema,
      });
    }
  }
  return out;
}

export function describeFirst(tools) {
  return tools.find((tool) => /_0000$/.test(tool.name))?.description;
}

/** Calls every tool_use block in parallel through `callTool(name, input)` and builds the tool_result blocks. */
export async function answerToolUses(response, callTool) {
  const uses = response.content.filter((block) => block.type === "tool_use");
  return Promise.all(
    uses.map(async (use) => {
      try {
        const result = await callTool(use.name, use.input);
        return {
          type: "tool_result",
          tool_use_id: use.id,
          content: result.content
            .filter((part) => part.type === "text")
            .map(({ type, text }) => ({ type, text })),
          ...(result.isError ? { is_error: true } : {}),
        };
      } catch (error) {
        return {
          type: "tool_result",
          tool_use_id: use.id,
          content: [{ type: "text", text: String(error?.message ?? error) }],
          is_error: true,
        };
      }
    }),
  );
}
