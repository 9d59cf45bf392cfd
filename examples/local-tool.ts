/**
 * A local tool: your own function beside the MCP servers' tools, in one array, answered by `execute` (zod
 * schema; the arguments arrive parsed and typed). `runAgent` with `liveToolset({ localTools })`.
 *
 * Runs with no key: the strict emulator plays OpenAI Chat Completions. `node --import tsx examples/local-tool.ts`
 * In your project, import from "switchboard" and "switchboard/testing" instead of ../src.
 */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  connectHost,
  liveToolset,
  localTool,
  openaiChatAdapter,
  parseConfig,
  runAgent,
} from "../src/index.js";
import { scripted, startEmulator } from "../src/testing/index.js";

const clock = localTool({
  name: "now",
  description: "The current time in a time zone",
  schema: z.object({ timeZone: z.string().default("UTC") }),
  execute: ({ timeZone }) => `It is ${new Date(0).toLocaleTimeString("en-GB", { timeZone })} in ${timeZone}.`,
});

const config = parseConfig(
  JSON.stringify({
    mcpServers: {
      docs: {
        command: process.execPath,
        args: [fileURLToPath(new URL("./servers/docs.mjs", import.meta.url))],
      },
    },
  }),
  "local-tool.json",
);

// A local tool is named like a server's, under the reserved `local` label: the model sees `local__now`.
// The scripted model calls the local tool and a server's tool in one turn, then reads both results.
const emulator = await startEmulator({
  script: scripted([
    {
      toolCalls: [
        { name: "local__now", arguments: { timeZone: "Europe/Paris" } },
        { name: "docs__read", arguments: { page: "naming" } },
      ],
    },
    (view) => ({
      text: view.toolResults.map((result) => `${result.name}: ${result.text.slice(0, 40)}`).join("\n"),
    }),
  ]),
});
const adapter = openaiChatAdapter({
  model: "gpt-5.2",
  clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
});
const host = await connectHost(config);
try {
  await host.catalog.settled();
  const result = await runAgent({
    adapter,
    host,
    buildTools: liveToolset({ catalog: host.catalog, target: adapter.target, config, localTools: [clock] }),
    prompt: "What time is it in Paris, and how are tools named?",
  });
  for (const call of result.toolCalls) console.log(`called ${call.name} (${call.server ?? "?"})`);
  console.log(result.text);
  if (result.stopReason !== "done") throw new Error(`stopped: ${result.stopReason} ${result.detail ?? ""}`);
} finally {
  await host.close();
  await emulator.close();
}
