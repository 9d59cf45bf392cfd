/**
 * Your own Anthropic loop with the two-function path: `buildToolset` gives the `tools` array, `answerResponse`
 * answers every tool call of a response with exactly the message to append. switchboard never sees the request.
 *
 * Runs with no key: the strict emulator plays Anthropic. `node --import tsx examples/own-loop-anthropic.ts`
 * In your project, import from "switchboard" and "switchboard/testing" instead of ../src.
 */
import { fileURLToPath } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { answerResponse, buildToolset, connectHost, parseConfig } from "../src/index.js";
import { callThenAnswer, startEmulator } from "../src/testing/index.js";

const server = (file: string) => ({
  command: process.execPath,
  args: [fileURLToPath(new URL(`./servers/${file}`, import.meta.url))],
});
const config = parseConfig(
  JSON.stringify({ mcpServers: { docs: server("docs.mjs"), web: server("web.mjs") } }),
  "own-loop.json",
);

// The scripted model calls web__search once, then answers with the result's text.
const emulator = await startEmulator({ script: callThenAnswer("web__search", { query: "list_changed" }) });
const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
const host = await connectHost(config);
try {
  await host.catalog.settled();
  const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
  console.log(`tools: ${toolset.entries.map((entry) => entry.name).join(", ")}`);

  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "What is list_changed?" }];
  for (let turn = 1; turn <= 5; turn++) {
    const response = await client.messages.create({
      model: "claude-opus-4-8",
      max_tokens: 1024,
      messages,
      tools: toolset.tools, // typed for the target it was built for: no cast
    });
    messages.push({ role: "assistant", content: response.content });
    // Naming the wire types `append` as Anthropic messages; it must agree with the toolset's target.
    const answer = await answerResponse("anthropic", response, { toolset, host });
    if (answer.calls.length === 0) {
      const text = response.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
      console.log(`answer (turn ${turn}): ${text.join("").replace(/\s+/g, " ").slice(0, 80)}`);
      break;
    }
    for (const call of answer.calls) console.log(`called ${call.name}`);
    messages.push(...answer.append);
  }
} finally {
  await host.close();
  await emulator.close();
}
