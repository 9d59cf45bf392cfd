/**
 * Streaming chat with `openSession`: two MCP servers (both publish `search`), the model's text printed as it
 * arrives, each tool call as it runs, and a second turn that continues the conversation.
 *
 * Runs with no key: the strict emulator plays Anthropic. `node --import tsx examples/stream-chat.ts`
 * In your project, import from "switchboard" and "switchboard/testing" instead of ../src.
 */
import { fileURLToPath } from "node:url";
import { anthropicAdapter, openSession, parseConfig } from "../src/index.js";
import { scripted, startEmulator } from "../src/testing/index.js";

const server = (file: string) => ({
  command: process.execPath,
  args: [fileURLToPath(new URL(`./servers/${file}`, import.meta.url))],
});
const config = parseConfig(
  JSON.stringify({ mcpServers: { docs: server("docs.mjs"), web: server("web.mjs") } }),
  "stream-chat.json",
);

// The scripted model: search the docs, answer with what came back, then answer the follow-up.
const emulator = await startEmulator({
  script: scripted([
    { toolCalls: [{ name: "docs__search", arguments: { query: "prompt cache" } }] },
    (view) => ({
      text: `The docs say: ${view.toolResults[0]?.text.includes("prompt-cache") ? "see prompt-cache" : "nothing"}.`,
    }),
    { text: "Both servers publish search; they reach the model as docs__search and web__search." },
  ]),
  streamEventDelayMs: 1,
});

const session = await openSession({
  config,
  adapter: anthropicAdapter({
    model: "claude-opus-4-8",
    clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
  }),
  ledger: false, // the example leaves no usage records behind
});
try {
  for (const prompt of ["How does caching work?", "Why two search tools?"]) {
    console.log(`> ${prompt}`);
    const result = await session.run({
      prompt,
      // An `onEvent` listener turns streaming on.
      onEvent: (event) => {
        if (event.type === "text-delta") process.stdout.write(event.text);
        if (event.type === "tool-call-start") console.log(`[calling ${event.server}/${event.tool}]`);
        if (event.type === "tool-call-end") console.log(`[${event.name}: ${event.outcome}]`);
      },
    });
    console.log(`\n(stop: ${result.stopReason}, ${result.turns} model requests)`);
  }
  console.log(`transcript: ${session.transcript.length} messages`);
} finally {
  await session.close();
  await emulator.close();
}
