import { createInterface } from "node:readline";
import { runAgent } from "../../agent/run-agent.js";
import { type AgentCliOptions, offeredTools, openAgentSession } from "../agent-session.js";
import { type ChatAction, chatCompleter, chatContextLine } from "../chat-context.js";
import { describeStop, formatAgentEvent } from "../format-agent-events.js";
import { LineSource, lineAsker } from "../line-source.js";
import type { CliIo } from "../main.js";
import { renderTable } from "../render-table.js";
import { StreamPrinter } from "../stream-printer.js";

/** `stream: false` (`--no-stream`): ask without streaming; each answer is printed once complete. */
export type ChatOptions = AgentCliOptions & { stream?: boolean };

const HELP =
  "/tools, /resources, /prompts list what the servers offer; @server:uri attaches a resource; /server:prompt arg=value runs a prompt; /exit (or Ctrl-D) leaves, Ctrl-C stops a running turn";

/**
 * `switchboard chat`: a conversation on stdin/stdout that keeps its history across turns. Each line is a turn
 * of the agent loop; tool calls are shown on stderr as they finish. Ctrl-C during a turn stops that turn (its
 * calls are answered, the history stays valid) and returns to the prompt; Ctrl-C at an empty prompt, Ctrl-D,
 * end of input or `/exit` leaves; a second Ctrl-C before the turn has stopped (or while leaving) exits at once.
 * SIGTERM and SIGHUP stop the CLI (shutdown.ts). Works the same with piped stdin, without the prompt.
 */
export async function chatCommand(
  options: ChatOptions,
  io: CliIo,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<number> {
  const tty = input.isTTY === true && process.stdout.isTTY === true;
  // Servers' questions during a turn (sampling approval, forms) read the same lines as the conversation.
  let lines: LineSource | undefined;
  const asker = lineAsker(
    io,
    () => {
      if (lines === undefined) throw new Error("chat input is not open yet");
      return lines;
    },
    { echo: !tty },
  );
  const session = await openAgentSession(options, io, { asker });
  const rl = createInterface({
    input,
    ...(tty ? { output: process.stdout } : {}),
    terminal: tty,
    prompt: "> ",
    ...(tty ? { completer: chatCompleter(session.host) } : {}),
  });
  lines = new LineSource(rl);
  let running: AbortController | undefined;
  const shutdown = io.shutdown;
  const interrupt = () => {
    if (running !== undefined) {
      running.abort(new Error("interrupted"));
    } else if (tty && rl.line !== "") {
      // Ctrl-C on a half-typed line drops the line, as shells do.
      rl.write(null, { ctrl: true, name: "u" });
      shutdown?.settle();
    } else {
      rl.close();
    }
  };
  // A terminal: readline reports Ctrl-C itself; piped input: the signal arrives at the process.
  rl.on("SIGINT", () => (shutdown === undefined ? interrupt() : shutdown.deliver("SIGINT")));
  const release = shutdown?.interceptInterrupt(interrupt);
  // SIGTERM, SIGHUP: stop the turn and leave; the servers are already being closed.
  const stop = () => {
    running?.abort(shutdown?.signal.reason);
    rl.close();
  };
  shutdown?.signal.addEventListener("abort", stop, { once: true });
  const prompt = () => {
    if (tty) rl.prompt();
  };

  io.err(`chat with ${session.adapter.provider} ${session.adapter.model}; ${HELP}`);
  // biome-ignore lint/suspicious/noExplicitAny: the transcript is provider-native and opaque here.
  let transcript: any[] = [];
  try {
    prompt();
    for (let raw = await lines.next(); raw !== undefined; raw = await lines.next()) {
      const line = raw.trim();
      if (line === "/exit" || line === "/quit") break;
      const action: ChatAction =
        line === "" || line === "/tools"
          ? { kind: "pass" }
          : await chatContextLine(line, { host: session.host, wire: session.adapter.wire }, io);
      if (action.kind === "append") transcript = [...transcript, ...action.messages];
      if (action.kind === "done" || (action.kind === "append" && !action.run)) {
        prompt();
        continue;
      }
      if (line === "/tools") {
        const tools = offeredTools(await session.buildTools());
        io.out(
          tools.length === 0
            ? "(no tools)"
            : renderTable(tools, [
                { header: "name", value: (row) => row.name },
                { header: "server/tool", value: (row) => `${row.server}/${row.tool}` },
              ]),
        );
      } else if (action.kind === "pass" && line.startsWith("/")) {
        io.err(`unknown command ${line}; ${HELP}`);
      } else if (action.kind === "append" || line !== "") {
        running = new AbortController();
        // Every turn's text is shown (the text before tool calls too), streamed unless --no-stream.
        const printer = io.outRaw === undefined ? undefined : new StreamPrinter(io.outRaw);
        const result = await runAgent({
          adapter: session.adapter,
          host: session.dispatchHost,
          buildTools: session.buildTools,
          messages: transcript,
          ...(action.kind === "append" ? {} : { prompt: line }),
          maxTurns: session.maxTurns,
          signal: running.signal,
          ...(session.approval === undefined ? {} : { approval: session.approval }),
          ...(session.system === undefined ? {} : { system: session.system }),
          stream: options.stream !== false,
          onEvent: (event) => {
            session.observe(event);
            printer?.event(event);
            const shown = formatAgentEvent(event);
            if (shown === undefined) return;
            printer?.endLine();
            io.err(shown);
          },
        });
        running = undefined;
        // Valid whatever happened: an interrupted turn's calls are answered, a failed request added nothing.
        transcript = result.transcript;
        if (printer !== undefined) printer.endLine();
        else if (result.text !== "") io.out(result.text);
        const stopped = describeStop(result, session.adapter.provider);
        if (stopped !== undefined) io.err(stopped);
        shutdown?.settle();
      }
      prompt();
    }
  } finally {
    release?.();
    shutdown?.signal.removeEventListener("abort", stop);
    rl.close();
    await session.close();
  }
  return 0;
}
