// @ts-check
/**
 * A tiny MCP server for `switchboard demo --conversation`: the project's notes, searchable. Real MCP over stdio
 * with the official server SDK. It publishes `search`, as web.mjs does: switchboard keeps both apart by
 * prefixing each tool with its server's name.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const pages = {
  naming:
    "Tool names. Every tool reaches the model as <server>__<tool>, legalised for the provider's name rules and " +
    "kept unique: two servers that both publish `search` become docs__search and web__search. A name longer " +
    "than the provider allows is shortened with a stable hash, so the same tool keeps the same name across " +
    "requests, restarts and machines. The table that maps a name back to its server and tool is kept for every " +
    "request of a conversation, which is how a call to an old name can still be answered for what it was.",
  "list-changed":
    "Changing tools. A server may add or remove tools at any time and says so with " +
    "notifications/tools/list_changed. switchboard re-lists that server (debounced, so a burst of notifications " +
    "costs one tools/list), makes a new catalogue generation and builds the next request's tools from it. A " +
    "model that calls a tool removed since an earlier request is told the tool is no longer available, which " +
    "server removed it and when, so it can recover instead of retrying a name that will never work again.",
  "prompt-cache":
    "Prompt caching. With Anthropic, switchboard puts a cache breakpoint on the last tool, after the system " +
    "prompt and at the end of the conversation, so each request reads the previous request's prompt from the " +
    "cache and pays full price only for what is new. Changing the tools array changes the cached prefix: the " +
    "request after a list_changed writes the cache again, and the one after it reads it. Tool definitions are " +
    "serialised canonically, so an unchanged catalogue always produces the same bytes.",
};

const server = new McpServer({ name: "docs", version: "1.0.0" });

server.registerTool(
  "search",
  {
    description: "Search switchboard's documentation. Returns the matching pages with a snippet of each.",
    inputSchema: z.object({ query: z.string().describe("words to look for") }),
  },
  async ({ query }) => {
    const words = query.toLowerCase().split(/\W+/).filter(Boolean);
    const hits = Object.entries(pages)
      .map(([page, text]) => ({
        page,
        score: words.filter((word) => text.toLowerCase().includes(word)).length,
        text,
      }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .map(({ page, text }) => ({ page, snippet: text.slice(0, 240) }));
    return { content: [{ type: "text", text: JSON.stringify(hits, null, 2) }] };
  },
);

server.registerTool(
  "read",
  {
    description: "Read one documentation page in full, by the page name `search` returned.",
    inputSchema: z.object({ page: z.enum(["naming", "list-changed", "prompt-cache"]) }),
  },
  async ({ page }) => ({ content: [{ type: "text", text: pages[page] }] }),
);

await server.connect(new StdioServerTransport());
