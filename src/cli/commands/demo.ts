/**
 * `switchboard demo`: what `npm run demo` runs. Plain, it inspects the three npm example servers
 * (examples/demo.json). With `--conversation` it tells the whole story with no API key: two example MCP servers
 * over stdio (examples/servers/), a scripted model behind the provider emulator on 127.0.0.1, and the agent loop
 * between them, through the library's own `loadConfig`, `connectHost`, `liveToolset` and `runAgent`.
 */
import { liveToolset } from "../../agent/live-toolset.js";
import { runAgent } from "../../agent/run-agent.js";
import { toolsCacheOptions } from "../../cache/cache-breakpoints.js";
import { connectHost, type Host } from "../../catalog/host.js";
import { loadConfig } from "../../config/load-config.js";
import type { SwitchboardConfig } from "../../config/types.js";
import { DEFAULT_MODELS } from "../../cost/default-models.js";
import { priceFor } from "../../cost/price-table.js";
import { packageRoot as findPackageRoot } from "../../package-root.js";
import { anthropicAdapter } from "../../providers/anthropic/anthropic-adapter.js";
import { startEmulator } from "../../testing/emulator/server.js";
import { conversationPrinter } from "../demo/conversation-printer.js";
import { DEMO_PROMPT, DEMO_SCRIPT, DEMO_SYSTEM_PROMPT } from "../demo/conversation-script.js";
import type { CliIo } from "../main.js";
import { openTracked } from "../shutdown.js";
import { terminalText } from "../terminal-text.js";

export interface DemoOptions {
  conversation?: boolean;
}

/** The package root, with a trailing slash: examples/ lives there. */
const packageRoot = `${findPackageRoot(import.meta.url)}/`;
/** Pause between two streamed events of the model's answer: slow enough to watch the text arrive. */
const STREAM_EVENT_DELAY_MS = 12;

export async function demoCommand(options: DemoOptions, io: CliIo): Promise<number> {
  if (options.conversation !== true) {
    const { inspectCommand } = await import("./inspect.js");
    return inspectCommand({ config: `${packageRoot}examples/demo.json` }, io);
  }
  return conversation(io);
}

async function conversation(io: CliIo): Promise<number> {
  io.out("A scripted conversation: two example MCP servers (examples/servers/) over stdio, a scripted model");
  io.out("behind the Anthropic API emulator on 127.0.0.1, switchboard in between. No API key, no network.");
  io.out("");
  const config = inPackageRoot(await loadConfig(`${packageRoot}examples/demo-conversation.json`));
  // The emulator and the servers start side by side; each is closed on Ctrl-C from the moment it is opening.
  const [started, connected] = await Promise.allSettled([
    openTracked(
      io.shutdown,
      startEmulator({ script: DEMO_SCRIPT, streamEventDelayMs: STREAM_EVENT_DELAY_MS }).then(closingOnce),
    ),
    // Host.close is idempotent: the shutdown's teardown and the `finally` below may both call it.
    openTracked(io.shutdown, connectHost(config, { oauth: false })),
  ]);
  if (started.status === "rejected" || connected.status === "rejected") {
    if (started.status === "fulfilled") await started.value.close();
    if (connected.status === "fulfilled") await connected.value.close();
    throw started.status === "rejected" ? started.reason : (connected as PromiseRejectedResult).reason;
  }
  try {
    return await talk(io, config, connected.value, started.value.value.baseUrls.anthropic);
  } finally {
    await Promise.all([connected.value.close(), started.value.close()]);
  }
}

/** The conversation itself: the library's loop, printed step by step. */
async function talk(io: CliIo, config: SwitchboardConfig, host: Host, baseURL: string): Promise<number> {
  const failed = host.servers.filter((server) => server.state === "failed");
  if (failed.length > 0) {
    io.err(`switchboard demo: servers failed to start: ${failed.map((server) => server.name).join(", ")}`);
    return 1;
  }
  const printer = conversationPrinter({
    line: (text) => io.out(text),
    write: (text) => process.stdout.write(terminalText(text)),
  });
  printer.servers(host.catalog.snapshot());
  const unfollow = host.catalog.on("change", printer.catalogChange);
  const model = DEFAULT_MODELS.anthropic;
  // A placeholder key: the emulator checks that one is sent, and it never leaves this machine.
  const adapter = anthropicAdapter({
    model,
    clientOptions: { apiKey: "demo-no-key", baseURL, maxRetries: 0 },
  });
  // Cache breakpoints on the last tool (and, following it, the system prompt and conversation), as `run` sends.
  const tools = liveToolset({
    catalog: host.catalog,
    target: adapter.target,
    config,
    model,
    build: toolsCacheOptions(adapter.target),
  });
  try {
    const result = await runAgent({
      // Tapped only to show the answers the model is sent.
      adapter: {
        ...adapter,
        convertToolResults: (calls, results) => {
          printer.results(results);
          return adapter.convertToolResults(calls, results);
        },
      },
      host,
      buildTools: async (context) => {
        const toolset = await tools(context);
        printer.tools(toolset.tools.map(toolName));
        return toolset;
      },
      system: DEMO_SYSTEM_PROMPT,
      prompt: DEMO_PROMPT,
      maxTurns: DEMO_SCRIPT.length,
      stream: true,
      ...(io.shutdown === undefined ? {} : { signal: io.shutdown.signal }),
      onEvent: printer.onEvent,
    });
    printer.cost(model, priceFor(model)?.price);
    if (result.stopReason === "aborted") return 130;
    return result.stopReason === "done" ? 0 : 1;
  } finally {
    unfollow();
  }
}

/** The example config's servers start in the package root, so their relative paths work from any directory. */
function inPackageRoot(config: SwitchboardConfig): SwitchboardConfig {
  const servers = Object.fromEntries(
    Object.entries(config.servers).map(([name, server]) => [
      name,
      server.kind === "stdio" && server.cwd === undefined ? { ...server, cwd: packageRoot } : server,
    ]),
  );
  return { ...config, servers };
}

/** `close` made safe to call twice: the shutdown's teardown and the command's own `finally` both call it. */
function closingOnce<T extends { close(): Promise<void> }>(value: T): { value: T; close(): Promise<void> } {
  let closing: Promise<void> | undefined;
  return {
    value,
    close: () => {
      closing ??= value.close();
      return closing;
    },
  };
}

function toolName(tool: unknown): string {
  const name = typeof tool === "object" && tool !== null ? (tool as { name?: unknown }).name : undefined;
  return typeof name === "string" ? name : "?";
}
