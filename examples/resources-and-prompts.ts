/**
 * A server's resources and prompts into the conversation: `readResource` and `getPrompt` give the MCP results,
 * `contextMessages` turns them into the adapter's own messages (consecutive user messages merged), and
 * `run({ context })` sends them before the prompt in one user turn.
 *
 * Runs with no key: the strict emulator plays Anthropic. `node --import tsx examples/resources-and-prompts.ts`
 * In your project, import from "switchboard" and "switchboard/testing" instead of ../src.
 */
import { fileURLToPath } from "node:url";
import { anthropicAdapter, openSession, parseConfig } from "../src/index.js";
import { startEmulator } from "../src/testing/index.js";

const config = parseConfig(
  JSON.stringify({
    mcpServers: {
      notes: {
        command: process.execPath,
        args: [fileURLToPath(new URL("./servers/notes.mjs", import.meta.url))],
      },
    },
  }),
  "resources-and-prompts.json",
);

// The scripted model says what its last user turn held.
const emulator = await startEmulator({
  script: (view) => ({ text: `I got: ${view.messages.at(-1)?.text.replace(/\s+/g, " ")}` }),
});
const session = await openSession({
  config,
  adapter: anthropicAdapter({
    model: "claude-opus-4-8",
    clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
  }),
  ledger: false,
});
try {
  const resource = await session.readResource("notes", "notes://release/0.1");
  console.log(`resource: ${resource.contents.length} content(s)`);
  const prompt = await session.getPrompt("notes", "review", { focus: "streaming" });
  console.log(`prompt: ${prompt.messages.length} message(s)`);

  const context = [
    { type: "prompt", server: "notes", name: "review", arguments: { focus: "streaming" } },
    { type: "resource", server: "notes", uri: "notes://release/0.1" },
  ] as const;
  const rendered = await session.contextMessages(context);
  console.log(`as Anthropic messages: ${rendered.messages.length} (roles merged)`);

  const result = await session.run({ context, prompt: "Keep it short." });
  console.log(result.text);
} finally {
  await session.close();
  await emulator.close();
}
