/**
 * The model of `switchboard demo --conversation`: a script the provider emulator plays, turn by turn, against
 * the two example servers (examples/servers/). Each turn is one step of the story the demo tells.
 */
import type { Turn } from "../../testing/emulator/types.js";

/** The removed tool the model calls again in turn 3 (web.mjs's one-shot `fetch`). */
export const REMOVED_TOOL = "web__fetch";

export const DEMO_SYSTEM_PROMPT = [
  "You are a research assistant for engineers who build agents on top of MCP servers.",
  "Answer from the tools: search the project's documentation and the web, read what looks relevant, and cite it.",
  "Prefer calling several tools in one response when their results do not depend on each other.",
  "When a tool fails or is no longer available, say so and continue with the tools you still have.",
].join(" ");

export const DEMO_PROMPT = "When an MCP server changes its tools mid-conversation, what happens to my agent?";

/** One turn per model request: parallel searches, a fetch, the same fetch again (stale), a recovery, the answer. */
export const DEMO_SCRIPT: readonly Turn[] = [
  {
    text: "I'll search the project's docs and the web at the same time.",
    toolCalls: [
      { name: "docs__search", arguments: { query: "tools list changed" } },
      { name: "web__search", arguments: { query: "MCP tools list_changed" } },
    ],
  },
  {
    text: "The specification looks like the primary source; fetching it.",
    toolCalls: [
      {
        name: REMOVED_TOOL,
        arguments: { url: "https://modelcontextprotocol.io/specification/server/tools" },
      },
    ],
  },
  {
    text: "Now the prompt-caching page, with the same tool.",
    toolCalls: [
      {
        name: REMOVED_TOOL,
        arguments: { url: "https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching" },
        // The request no longer offers it: the model calls it from memory of an earlier request, as models do.
        unoffered: true,
      },
    ],
  },
  {
    text: "web__fetch is gone, so I'll read the docs page on prompt caching instead.",
    toolCalls: [{ name: "docs__read", arguments: { page: "prompt-cache" } }],
  },
  {
    text:
      "When a server changes its tools it sends notifications/tools/list_changed. switchboard re-lists that " +
      "server and the very next request carries the new tools array, so the model stops seeing removed tools. " +
      "If the model still calls one from memory, it is told the tool is no longer available (who removed it and " +
      "when) rather than getting an error it cannot act on. The new array costs one cache write; after that the " +
      "requests read the cached prefix again.",
  },
];
