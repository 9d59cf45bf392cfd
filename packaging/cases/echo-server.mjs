// A one-tool MCP server over stdio, on the MCP SDK that switchboard installs with itself.
import { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const server = new Server({ name: "echo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/list", () => ({
  tools: [
    {
      name: "echo",
      description: "Echoes text back",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
  ],
}));
server.setRequestHandler("tools/call", (request) => ({
  content: [{ type: "text", text: `echo: ${String(request.params.arguments?.text)}` }],
}));
await server.connect(new StdioServerTransport());
