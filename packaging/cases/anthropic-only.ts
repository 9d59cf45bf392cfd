/**
 * A project with switchboard and @anthropic-ai/sdk only: the user's own Anthropic client works; the parts that
 * need a package this project did not install say which one, with the command that installs it.
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { anthropicAdapter, isSwitchboardError, openaiChatAdapter, openLedger } from "switchboard";
import { converse } from "./conversation.js";

await converse("anthropic (own client)", (urls) =>
  anthropicAdapter({
    model: "claude-sonnet-5",
    client: new Anthropic({ apiKey: "test", baseURL: urls.anthropic, maxRetries: 0 }),
  }),
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
