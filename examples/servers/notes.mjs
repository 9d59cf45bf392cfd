// @ts-check
/**
 * A tiny MCP server for examples/resources-and-prompts.ts: one resource (the release notes) and one prompt
 * (`review`, with a `focus` argument). Real MCP over stdio with the official server SDK.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "notes", version: "1.0.0" });

server.registerResource(
  "release-notes",
  "notes://release/0.1",
  { title: "Release notes 0.1", mimeType: "text/plain" },
  async (uri) => ({
    contents: [
      { uri: uri.href, text: "0.1: streaming on every provider; local tools; openSession for programs." },
    ],
  }),
);

server.registerPrompt(
  "review",
  { description: "Asks for a review of the attached notes", argsSchema: z.object({ focus: z.string() }) },
  ({ focus }) => ({
    messages: [
      { role: "user", content: { type: "text", text: `Review the notes below, focusing on ${focus}.` } },
    ],
  }),
);

await server.connect(new StdioServerTransport());
