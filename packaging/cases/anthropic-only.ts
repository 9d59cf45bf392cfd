/**
 * A project with switchboard and @anthropic-ai/sdk only: the user's own Anthropic client works, tool search finds
 * its shipped word vectors; the parts that need a package this project did not install say which one, with the
 * command that installs it.
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import {
  anthropicAdapter,
  buildToolset,
  createToolIndex,
  estimateToolsetTokens,
  isSwitchboardError,
  openaiChatAdapter,
  openLedger,
} from "switchboard";
import { converse } from "./conversation.js";

await converse("anthropic (own client)", (urls) =>
  anthropicAdapter({
    model: "claude-sonnet-5",
    client: new Anthropic({ apiKey: "test", baseURL: urls.anthropic, maxRetries: 0 }),
  }),
);

// Tool search reads the word vectors the package ships (data/): a tool found by meaning, no word shared.
const schema = { type: "object" } as const;
const index = createToolIndex([
  {
    server: "markets",
    tool: { name: "get_quote", description: "Latest quote for a ticker", inputSchema: schema },
  },
  { server: "files", tool: { name: "upload", description: "Upload a document", inputSchema: schema } },
]);
const found = index.search("current share price of Tencent", 1)[0]?.tool;
if (found !== "get_quote") throw new Error(`tool search by meaning: expected get_quote, got ${found}`);
console.log("tool search: word vectors found in the installed package");

// Token estimates use the o200k tokenizer the package vendors (dist/vendor/); gpt-tokenizer is not installed.
const estimate = estimateToolsetTokens(buildToolset([], "anthropic"), { model: "claude-sonnet-5" });
const counted = estimateToolsetTokens(
  buildToolset(
    [
      {
        server: "markets",
        tool: { name: "get_quote", description: "Latest quote for a ticker", inputSchema: schema },
      },
    ],
    "anthropic",
  ),
  { model: "claude-sonnet-5" },
);
if (!(counted.total > estimate.total))
  throw new Error(`token estimate: ${estimate.total} then ${counted.total}`);
const tokenizerPackage = "gpt-tokenizer";
try {
  await import(tokenizerPackage);
  throw new Error("gpt-tokenizer is installed: the package should not depend on it");
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
}
console.log(
  `token estimate: ${counted.total - estimate.total} tokens for one tool, gpt-tokenizer not installed`,
);

await expectMissing("openai", () =>
  converse("openai chat without openai", (urls) =>
    openaiChatAdapter({ model: "gpt-4.1", clientOptions: { apiKey: "test", baseURL: urls.openai } }),
  ),
);
await expectMissing("better-sqlite3", async () => {
  openLedger(join(tmpdir(), `switchboard-packaging-${process.pid}.db`), { create: true });
});

async function expectMissing(pkg: string, attempt: () => Promise<void>): Promise<void> {
  try {
    await attempt();
  } catch (error) {
    const named = error instanceof Error && error.message.includes(`npm install ${pkg}`);
    if (isSwitchboardError(error) && error.code === "MISSING_DEPENDENCY" && named) {
      console.log(`without ${pkg}: ${error.message}`);
      return;
    }
    throw new Error(`without ${pkg}: expected MISSING_DEPENDENCY naming it, got ${String(error)}`);
  }
  throw new Error(`without ${pkg}: expected MISSING_DEPENDENCY, but it worked`);
}
