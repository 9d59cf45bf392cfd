import { createInterface, type Interface } from "node:readline";
import type { AgentResult } from "../../agent/run-agent.js";
import { runAgent } from "../../agent/run-agent.js";
import { type AgentCliOptions, openAgentSession } from "../agent-session.js";
import { captureRequest } from "../capture-request.js";
import { describeStop, formatAgentEvent } from "../format-agent-events.js";
import { LineSource, lineAsker } from "../line-source.js";
import type { CliIo } from "../main.js";
import { StreamPrinter } from "../stream-printer.js";

export interface RunOptions extends AgentCliOptions {
  json?: boolean;
  dryRun?: boolean;
  /** `--no-stream` sets it false: ask without streaming and print the answer once it is complete. */
  stream?: boolean;
}

/** The `--json` summary. */
export interface RunReport {
  provider: string;
  model: string;
  stopReason: AgentResult["stopReason"];
  detail?: string;
  finishReason?: string;
  turns: number;
  text: string;
  usage: AgentResult["usage"];
  toolCalls: AgentResult["toolCalls"];
}

/**
 * `switchboard run "prompt"`: one agent run. Tool calls go to stderr as they finish, the final answer to
 * stdout (or a JSON summary). Ctrl-C (or SIGTERM, SIGHUP) stops the run with every call answered and closes the
 * servers; a second one exits at once (see shutdown.ts). Exit codes: 0 done, 1 stopped early (turn limit,
 * budget) or failed, 130 interrupted (143 SIGTERM, 129 SIGHUP).
 */
export async function runCommand(prompt: string, options: RunOptions, io: CliIo): Promise<number> {
  if (options.dryRun) return dryRun(prompt, options, io);
  // Servers' questions (sampling approval, forms) are answered on stdin, opened only if one is asked.
  let readline: Interface | undefined;
  let lines: LineSource | undefined;
  const asker = lineAsker(
    io,
    () => {
      readline ??= createInterface({ input: process.stdin, terminal: false });
      lines ??= new LineSource(readline);
      return lines;
    },
    { echo: process.stdin.isTTY !== true },
  );
  const session = await openAgentSession(options, io, { asker }).catch((error: unknown) => {
    readline?.close();
    throw error;
  });
  // The answer streams to stdout unless --no-stream; --json prints only the summary.
  const printer =
    options.stream !== false && !options.json && io.outRaw !== undefined
      ? new StreamPrinter(io.outRaw)
      : undefined;
  try {
    const result = await runAgent({
      adapter: session.adapter,
      host: session.dispatchHost,
      buildTools: session.buildTools,
      prompt,
      maxTurns: session.maxTurns,
      ...(io.shutdown === undefined ? {} : { signal: io.shutdown.signal }),
      ...(session.approval === undefined ? {} : { approval: session.approval }),
      ...(session.system === undefined ? {} : { system: session.system }),
      stream: options.stream !== false,
      onEvent: (event) => {
        session.observe(event);
        printer?.event(event);
        const line = formatAgentEvent(event);
        if (line === undefined) return;
        printer?.endLine();
        io.err(line);
      },
    });
    if (options.json) io.out(JSON.stringify(report(session.adapter, result), null, 2), { exact: true });
    else if (printer !== undefined) printer.endLine();
    else if (result.text !== "") io.out(result.text);
    const stop = describeStop(result, session.adapter.provider);
    if (stop !== undefined) io.err(`switchboard: ${stop}`);
    return exitCode(result.stopReason);
  } finally {
    await session.close();
    readline?.close();
  }
}

/** Builds the first request exactly as it would be sent (the SDK serialises it), prints it, sends nothing. */
async function dryRun(prompt: string, options: RunOptions, io: CliIo): Promise<number> {
  const capture = captureRequest();
  const session = await openAgentSession(options, io, { fetch: capture.fetch, dryRun: true });
  try {
    await runAgent({
      adapter: session.adapter,
      host: session.dispatchHost,
      buildTools: session.buildTools,
      prompt,
      maxTurns: 1,
      ...(session.system === undefined ? {} : { system: session.system }),
      // The same request a real run sends, streaming included.
      stream: options.stream !== false,
      // What the array lost or breaks (request limits, quarantined tools) is said here too: nothing is sent.
      onEvent: (event) => {
        const line = event.type === "warning" ? formatAgentEvent(event) : undefined;
        if (line !== undefined) io.err(line);
      },
    });
  } finally {
    await session.close();
  }
  const request = capture.captured();
  if (request === undefined) {
    io.err("switchboard: the dry run produced no request");
    return 1;
  }
  io.err(`dry run: ${request.method} ${request.url} (${session.adapter.provider}, not sent)`);
  io.out(JSON.stringify(request.body, null, 2), { exact: true });
  return 0;
}

function report(adapter: { provider: string; model: string }, result: AgentResult): RunReport {
  return {
    provider: adapter.provider,
    model: adapter.model,
    stopReason: result.stopReason,
    ...(result.detail === undefined ? {} : { detail: result.detail }),
    ...(result.finishReason === undefined ? {} : { finishReason: result.finishReason }),
    turns: result.turns,
    text: result.text,
    usage: result.usage,
    toolCalls: result.toolCalls,
  };
}

function exitCode(reason: AgentResult["stopReason"]): number {
  switch (reason) {
    case "done":
      return 0;
    case "aborted":
      return 130;
    default:
      return 1;
  }
}
