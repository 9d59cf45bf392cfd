import { Command, CommanderError } from "commander";
import { isSwitchboardError } from "../errors.js";
import { version } from "./version.js";

/**
 * The CLI's only entry point and its only error → exit-code boundary. Each command is imported lazily so that
 * `--help` and `--version` do not load the MCP SDK.
 */
export async function main(argv: readonly string[]): Promise<void> {
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
    .action(async (options) => {
      const { inspectCommand } = await import("./commands/inspect.js");
      process.exitCode = await inspectCommand(options, cliIo());
    });

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    process.exitCode = reportError(error);
  }
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Writes to stderr without a newline (progress redraws). */
  errRaw?: (text: string) => void;
  /** True when stderr is a terminal, so progress lines may redraw in place. */
  interactive: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
}

function cliIo(): CliIo {
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    errRaw: (text) => process.stderr.write(text),
    interactive: process.stderr.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
  };
}

function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander already printed help or the usage problem; `--help`/`--version` exit 0.
    return error.exitCode;
  }
  if (isSwitchboardError(error)) {
    process.stderr.write(`switchboard: ${error.message}\n`);
    return error.code === "USAGE" ? 2 : 1;
  }
  process.stderr.write(
    `switchboard: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 70;
}
