/**
 * The README's library path in a project of its own: a config with one stdio server, a tool call answered
 * through runAgent, against the strict emulator, with the user's own SDK client for each provider given.
 * Written without casts: `tsc --strict` must accept it as a user would write it.
 */
import { fileURLToPath } from "node:url";
import { connectHost, liveToolset, type ModelAdapter, parseConfig, runAgent } from "switchboard";
import { callThenAnswer, startEmulator } from "switchboard/testing";

/** Where the emulator serves each API. */
export interface BaseUrls {
  anthropic: string;
  openai: string;
  gemini: string;
}

/** One tool call and the final answer through `make`'s adapter; throws unless the tool's result came back. */
export async function converse<M, R>(
  label: string,
  make: (urls: BaseUrls) => ModelAdapter<M, R>,
): Promise<void> {
  const emulator = await startEmulator({ script: callThenAnswer("echo__echo", { text: "hello" }) });
  const server = fileURLToPath(new URL("./echo-server.mjs", import.meta.url));
  const config = parseConfig(
    JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [server] } } }),
    "switchboard.json",
  );
  const host = await connectHost(config);
  try {
    const adapter = make(emulator.baseUrls);
    const result = await runAgent({
      adapter,
      host,
      buildTools: liveToolset({ catalog: host.catalog, target: adapter.target, config }),
      prompt: "Say hello through the echo tool",
    });
    // runAgent reports a failed model call as its result; hand it on as the error it is.
    if (result.stopReason === "error") throw result.error;
    if (result.text !== "echo: hello")
      throw new Error(`${label}: expected "echo: hello", got ${JSON.stringify(result.text)}`);
    console.log(`${label}: ok (${emulator.requests.length} requests, stop ${result.stopReason})`);
  } finally {
    await host.close();
    await emulator.close();
  }
}
