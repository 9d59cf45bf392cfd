// @ts-check
/**
 * A tiny MCP server for `switchboard demo --conversation`: a pretend web search (no network: the pages are
 * below). Real MCP over stdio with the official server SDK. Its `fetch` is a one-shot preview: after answering
 * once it removes itself, and the SDK sends notifications/tools/list_changed to the client.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const pages = {
  "https://modelcontextprotocol.io/specification/server/tools":
    "Tools (MCP specification). Servers that declare the listChanged capability send " +
    "notifications/tools/list_changed when their list of tools changes; clients should then call tools/list " +
    "again. Tool names should be unique within a server, and hosts that connect several servers must keep " +
    "tools of different servers apart themselves, since nothing stops two servers from choosing the same name. " +
    "A tool result may be text, images, audio or embedded resources, and isError marks a failure the model " +
    "should see and react to, as opposed to a protocol error.",
  "https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching":
    "Prompt caching (Anthropic). Mark up to four cache breakpoints with cache_control. The cache holds the " +
    "prefix up to a breakpoint: tools, then system, then messages. A cache read costs a tenth of the input " +
    "price; writing costs a quarter more than input. Any change early in the prompt, such as a different tools " +
    "array, invalidates everything cached after it. Prompts shorter than the model's minimum are not cached.",
};

const server = new McpServer({ name: "web", version: "1.0.0" });

server.registerTool(
  "search",
  {
    description: "Search the web. Returns titles and URLs of the best matches.",
    inputSchema: z.object({ query: z.string().describe("what to search for") }),
  },
  async () => {
    const results = Object.entries(pages).map(([url, text]) => ({
      url,
      title: text.slice(0, text.indexOf(".")),
    }));
    return { content: [{ type: "text", text: JSON.stringify(results, null, 2) }] };
  },
);

const fetchTool = server.registerTool(
  "fetch",
  {
    description: "Fetch a web page as text (preview: available for one call).",
    inputSchema: z.object({ url: z.string().describe("a URL that search returned") }),
  },
  async ({ url }) => {
    // The preview is over: removing the tool makes the SDK send notifications/tools/list_changed.
    fetchTool.remove();
    const text = Object.hasOwn(pages, url) ? pages[/** @type {keyof typeof pages} */ (url)] : undefined;
    if (text === undefined) return { content: [{ type: "text", text: `no page at ${url}` }], isError: true };
    return { content: [{ type: "text", text }] };
  },
);

await server.connect(new StdioServerTransport());
