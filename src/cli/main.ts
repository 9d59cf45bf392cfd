import type { Command } from "commander";
import { isSwitchboardError } from "../errors.js";
import { registerAuthCommand } from "./commands/auth.js";
import { installShutdown, type ShutdownScope, signalExitCode } from "./shutdown.js";
import { CLEAR_LINE, terminalText } from "./terminal-text.js";
import { version } from "./version.js";

// Kept literal so `--help` needs no provider code loaded; a test checks it against TARGET_IDS.
export const TARGET_LIST =
  "anthropic, anthropic-strict, openai (= openai-responses), openai-chat, openai-strict, openai-responses, gemini, gemini-json-schema, mcp";

/**
 * The CLI's only entry point and its only error → exit-code boundary. Each command is imported lazily so that
 * `--help` and `--version` do not load the MCP SDK; `--version` alone does not even load commander (its largest
 * remaining import), printing exactly what commander would.
 */
export async function main(argv: readonly string[]): Promise<void> {
  if (isVersionOnly(argv)) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  // Before anything else: a signal during start-up (servers still connecting) must close them too.
  const shutdown = installShutdown();
  const cliIo = () => cliIoOf(shutdown);
  const { Command, CommanderError } = await import("commander");
  const program = new Command("switchboard")
    .description("Connect MCP servers, translate their tools for model providers, and answer every call.")
    .version(version(), "-v, --version")
    .exitOverride()
    .showHelpAfterError();

  program
    .command("inspect")
    .description("connect to every configured server and list what each one offers")
    .option(
      "-c, --config <file>",
      "config file (default: ./switchboard.json, ./.mcp.json, then the user config dir)",
    )
    .option("--json", "print a JSON report instead of tables")
    .option("--server <name...>", "only these servers")
    .option("--agent <name>", "mark the tools this agent would not send")
    .option(
      "-p, --provider <target>",
      `estimate tokens for this provider (${TARGET_LIST}; default anthropic)`,
    )
    .action(async (options) => {
      const { inspectCommand } = await import("./commands/inspect.js");
      process.exitCode = await inspectCommand(options, cliIo());
    });

  program
    .command("tools")
    .description("print the tools array a provider would receive (--json: the exact bytes)")
    .requiredOption("-p, --provider <target>", `one of: ${TARGET_LIST}`)
    .option("-c, --config <file>", "config file")
    .option("--agent <name>", "only this agent's servers")
    .option("--json", "print exactly the tools array, canonical JSON")
    .action(async (options) => {
      const { toolsCommand } = await import("./commands/tools.js");
      process.exitCode = await toolsCommand(options, cliIo());
    });

  program
    .command("check")
    .description(
      "show which tools each provider would reject as published, what repair did, what is quarantined",
    )
    .option("-p, --provider <target...>", `only these (${TARGET_LIST})`)
    .option("-c, --config <file>", "config file")
    .option("--agent <name>", "only this agent's servers")
    .option("--json", "print a JSON report")
    .action(async (options) => {
      const { checkCommand } = await import("./commands/check.js");
      process.exitCode = await checkCommand(options, cliIo());
    });

  program
    .command("pin")
    .description(
      "pin each tool's approved definition in switchboard.lock; show changed tools as diffs, approve with --approve",
    )
    .option("-c, --config <file>", "config file")
    .option("--lock <file>", "lock file (default: switchboard.lock next to the config file)")
    .option("--approve", "approve the new, changed and removed tools shown (or only those named by --tool)")
    .option("--tool <server/tool...>", "with --approve: approve only these")
    .option("--server <name...>", "only these servers")
    .option("--json", "print a JSON report")
    .action(async (options) => {
      const { pinCommand } = await import("./commands/pin.js");
      process.exitCode = await pinCommand(options, cliIo());
    });

  program
    .command("cost")
    .description(
      "estimate what the tool definitions cost per request, month and conversation, with and without caching",
    )
    .option("-c, --config <file>", "config file")
    .option("--agent <name>", "price this agent's tools (and compare with all servers)")
    .option("-p, --provider <target>", `one of: ${TARGET_LIST} (default anthropic)`)
    .option("-m, --model <model>", "model to price (default per provider, e.g. claude-sonnet-5)")
    .option("--requests <n>", "requests a month (default 200000)")
    .option("--turns <k>", "turns per conversation (default 4)")
    .option("--tools <n>", "what-if: number of tools (no servers are started)")
    .option("--tokens-per-tool <n>", "what-if: tokens per tool definition")
    .option("--tokens <n>", "what-if: tokens of the whole tools array")
    .option("--price <usd>", "USD per 1M input tokens (what-if, or to override the model's price)")
    .option("--json", "print a JSON report with unrounded figures")
    .option("--csv", "print CSV with unrounded figures")
    .option("--exact", "count with the provider's count-tokens endpoint (needs its API key)")
    .action(async (options) => {
      const { costCommand } = await import("./commands/cost.js");
      process.exitCode = await costCommand(options, cliIo());
    });

  program
    .command("usage")
    .description(
      "what recorded model calls cost: per conversation and day, tools share, cache hit rate, dollars, creep",
    )
    .option("--ledger <file>", "the usage ledger (default: $XDG_STATE_HOME/switchboard/usage.sqlite)")
    .option("-c, --config <file>", "config file (for price overrides and ledger.path)")
    .option("--since <date>", "only calls from this UTC date (YYYY-MM-DD) or ISO time on")
    .option("--days <n>", "only calls from the last n days")
    .option("--sessions <n>", "conversations compared for creep (default 5)")
    .option("--threshold <percent>", "growth in input tokens per call that counts as creep (default 10)")
    .option("--limit <n>", "conversations listed (default 10)")
    .option("--html <file>", "also write a self-contained page with charts")
    .option("--json", "print a JSON report with unrounded figures")
    .action(async (options) => {
      const { usageCommand } = await import("./commands/usage.js");
      process.exitCode = await usageCommand(options, cliIo());
    });

  // Kept literal so `--help` loads no provider code; a test checks it against model-from-env.ts.
  const agentHelp = `
Providers and their environment (without --provider, the first whose key is set, in this order):
  anthropic           ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL          default model claude-sonnet-5
  openai              OPENAI_API_KEY, OPENAI_BASE_URL (Responses API; openai-chat: Chat Completions)
                                                                     default model gpt-5
  gemini              GEMINI_API_KEY (or GOOGLE_API_KEY), GEMINI_BASE_URL
                                                                     default model gemini-2.5-flash
  openai-compatible   OPENAI_COMPATIBLE_BASE_URL (or --base-url), OPENAI_COMPATIBLE_API_KEY (optional)
                      Ollama, vLLM, llama.cpp, LM Studio; --model required`;

  const run = program
    .command("run")
    .description(
      "run the agent loop once: send the prompt with the tools, answer every call, print the answer",
    )
    .argument("<prompt>", "what to ask");
  modelOptions(run, "model requests at most (default 20)")
    .option("--json", "print a JSON summary (stop reason, turns, usage, tool calls) instead of the answer")
    .option("-y, --yes", "approve every call the config's approval rules would ask about")
    .option(
      "--dry-run",
      "print the first request body exactly as it would be sent, and send nothing (no key needed)",
    )
    .addHelpText("after", agentHelp)
    .action(async (prompt: string, options) => {
      const { runCommand } = await import("./commands/run.js");
      process.exitCode = await runCommand(prompt, options, cliIo());
    });

  const chat = program
    .command("chat")
    .description("talk to the agent on stdin/stdout, with history; /tools lists the tools, /exit leaves");
  modelOptions(chat, "model requests per message at most (default 20)")
    .addHelpText("after", agentHelp)
    .action(async (options) => {
      const { chatCommand } = await import("./commands/chat.js");
      process.exitCode = await chatCommand(options, cliIo());
    });

  program
    .command("search-eval")
    .description("measure tool search (recall@k, MRR, latency) and the facade's token saving on a data set")
    .requiredOption("--tools <file>", "catalogue tools, JSONL {server, name, description, inputSchema}")
    .requiredOption("--queries <file>", "queries, JSONL {id, query, gold: [{server, tool, alternative?}]}")
    .option("--distractors <file>", "more tools (JSONL) added to the catalogue to make retrieval harder")
    .option("--distractor-limit <n>", "take only n distractors (a fixed pseudo-random sample)")
    .option("--k <list>", "cut-offs for recall@k", "1,3,5,10")
    .option("--query-limit <n>", "evaluate only the first n queries")
    .option("--json", "print a JSON report")
    .action(async (options) => {
      const { searchEvalCommand } = await import("./commands/search-eval.js");
      process.exitCode = await searchEvalCommand(options, cliIo());
    });

  program
    .command("serve")
    .description("serve the configured servers as one MCP server (stdio, or Streamable HTTP with --http)")
    .option("-c, --config <file>", "config file")
    .option("--agent <name>", "only this agent's servers and tools")
    .option("--stdio", "serve one client on stdin/stdout (the default)")
    .option("--http <address>", "serve Streamable HTTP on HOST:PORT (loopback unless a --token is given)")
    .option("--token <token>", "bearer token every HTTP request must carry (or SWITCHBOARD_TOKEN)")
    .option("--stateless", "HTTP without sessions, for several gateways behind a load balancer")
    .option("--allowed-host <name...>", "extra Host names accepted over HTTP")
    .option("--allowed-origin <name...>", "extra Origin host names accepted over HTTP")
    .option(
      "--for <provider>",
      "the provider the client sends the tools to: check its request limits (anthropic, openai, openai-chat, gemini, ...)",
    )
    .action(async (options) => {
      const { serveCommand } = await import("./commands/serve.js");
      process.exitCode = await serveCommand(options, cliIo());
    });

  program
    .command("demo")
    .description(
      "what `npm run demo` runs: inspect the example servers (--conversation: a scripted agent run)",
    )
    .option("--conversation", "a scripted conversation through the provider emulator: no API key, no network")
    .action(async (options) => {
      const { demoCommand } = await import("./commands/demo.js");
      process.exitCode = await demoCommand(options, cliIo());
    });

  registerAuthCommand(program, cliIo);

  program
    .command("conformance-client", { hidden: true })
    .description("the client the MCP conformance referee drives (scenario from MCP_CONFORMANCE_SCENARIO)")
    .argument("<server-url>", "the scenario server's URL (the referee passes it last)")
    .action(async (serverUrl: string) => {
      const { conformanceClientCommand } = await import("./commands/conformance-client.js");
      process.exitCode = await conformanceClientCommand(serverUrl, cliIo());
    });

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    // Commander already printed help or the usage problem; `--help`/`--version` exit 0.
    if (error instanceof CommanderError) process.exitCode = error.exitCode;
    // Whatever failed once a signal had closed the servers failed because of it.
    else if (shutdown.received !== undefined)
      process.stderr.write(`switchboard: interrupted by ${shutdown.received}\n`);
    else process.exitCode = reportError(error);
  } finally {
    const signal = shutdown.received;
    if (signal !== undefined) {
      await shutdown.finished();
      // Exit now: a reader on stdin or a half-closed socket must not keep a stopped CLI alive.
      process.exit(signalExitCode(signal));
    }
    shutdown.dispose();
  }
}

/** The options `run` and `chat` share: where the servers come from, and which model answers. */
function modelOptions(command: Command, maxTurnsHelp: string): Command {
  return command
    .option("-c, --config <file>", "config file")
    .option("--agent <name>", "only this agent's servers")
    .option(
      "-p, --provider <name>",
      "anthropic, openai, openai-responses, openai-chat, gemini, openai-compatible",
    )
    .option("-m, --model <id>", "model id (default per provider, see below)")
    .option("--base-url <url>", "the provider's endpoint instead of its *_BASE_URL variable")
    .option("--system <text>", "system prompt")
    .option("--max-turns <n>", maxTurnsHelp)
    .option("--no-stream", "print the answer once it is complete instead of as it arrives");
}

/** `switchboard --version` / `switchboard -v` and nothing else (argv[0] is node, argv[1] the script). */
function isVersionOnly(argv: readonly string[]): boolean {
  return argv.length === 3 && (argv[2] === "--version" || argv[2] === "-v");
}

/** How a line goes to stdout. */
export interface OutOptions {
  /** Machine-readable output (`--json`, request bodies): written byte for byte, never escaped. */
  exact?: boolean;
}

/**
 * Where commands write. The CLI's own writers escape terminal control characters in everything (see
 * `terminalText`) except `out(text, { exact: true })`, so no command can print server text raw by forgetting to.
 */
export interface CliIo {
  /** One line of stdout. */
  out: (text: string, options?: OutOptions) => void;
  /** One line of stderr. */
  err: (text: string) => void;
  /** Writes to stdout without a newline (an answer as it streams), escaped like `out`. */
  outRaw?: (text: string) => void;
  /** Writes to stderr without a newline (questions on the terminal). */
  errRaw?: (text: string) => void;
  /** Replaces the current stderr line with `text` (progress redrawn in place; only when `interactive`). */
  redraw?: (text: string) => void;
  /** True when stderr is a terminal, so progress lines may redraw in place. */
  interactive: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Signals stopping the CLI (absent when a command runs inside another program, as tests do). */
  shutdown?: ShutdownScope;
}

function cliIoOf(shutdown: ShutdownScope): CliIo {
  return {
    shutdown,
    out: (text, options) => process.stdout.write(`${options?.exact === true ? text : terminalText(text)}\n`),
    outRaw: (text) => process.stdout.write(terminalText(text)),
    err: (text) => process.stderr.write(`${terminalText(text)}\n`),
    errRaw: (text) => process.stderr.write(terminalText(text)),
    redraw: (text) => process.stderr.write(`${CLEAR_LINE}${terminalText(text)}`),
    interactive: process.stderr.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
  };
}

function reportError(error: unknown): number {
  if (isSwitchboardError(error)) {
    process.stderr.write(`switchboard: ${terminalText(error.message)}\n`);
    return error.code === "USAGE" ? 2 : 1;
  }
  process.stderr.write(
    `switchboard: unexpected error: ${terminalText(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
  );
  return 70;
}
