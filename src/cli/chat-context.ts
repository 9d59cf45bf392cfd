/**
 * What `chat` does with resources and prompts: `/resources` and `/prompts` list them, `@server:uri` attaches a
 * resource to the message it is in, `/server:prompt arg=value` expands a prompt into the conversation, and tab
 * completes mentions, prompt names and argument values (through the servers' `completion/complete`).
 */
import type { CompleterResult } from "node:readline";
import type { Host } from "../catalog/host.js";
import type { CatalogSnapshot } from "../catalog/types.js";
import { getPromptMessages, userMessageWithResources } from "../context/attach.js";
import { completeChatLine } from "../context/chat-completion.js";
import { parseMentions, parsePromptCommand } from "../context/chat-syntax.js";
import { completeArgument } from "../context/context-source.js";
import { renderMessages } from "../context/render.js";
import type { ModelWire } from "../spec/model-adapter.js";
import type { TranslationWarning } from "../spec/warning.js";
import type { CliIo } from "./main.js";
import { renderTable } from "./render-table.js";
import { hasTerminalControls } from "./terminal-text.js";

export type ChatAction =
  /** Nothing to send: the line was a listing or a problem was reported. */
  | { kind: "done" }
  /** Not ours: the caller handles the line as before. */
  | { kind: "pass" }
  /** Append `messages` (provider-native) to the transcript, then run a turn when `run`. */
  | { kind: "append"; messages: unknown[]; run: boolean };

export interface ChatContext {
  host: Host;
  wire: ModelWire;
}

export async function chatContextLine(line: string, context: ChatContext, io: CliIo): Promise<ChatAction> {
  const snapshot = context.host.catalog.snapshot();
  if (line === "/resources") {
    io.out(resourcesTable(snapshot));
    return { kind: "done" };
  }
  if (line === "/prompts") {
    io.out(promptsTable(snapshot));
    return { kind: "done" };
  }
  const command = parsePromptCommand(line);
  if (command !== undefined) {
    const prompt = snapshot.prompts.find(
      (entry) => entry.server === command.server && entry.name === command.prompt,
    );
    if (prompt === undefined) return { kind: "pass" };
    if (command.stray.length > 0) {
      io.err(`arguments are name=value; not understood: ${command.stray.join(" ")}`);
      return { kind: "done" };
    }
    const missing = (prompt.arguments ?? [])
      .filter((argument) => argument.required === true && !(argument.name in command.arguments))
      .map((argument) => argument.name);
    if (missing.length > 0) {
      io.err(`/${command.server}:${command.prompt} needs ${missing.map((name) => `${name}=…`).join(" ")}`);
      return { kind: "done" };
    }
    try {
      const expanded = await getPromptMessages(
        context.host,
        command.server,
        command.prompt,
        command.arguments,
      );
      const rendered = renderMessages(context.wire, expanded.messages);
      warn(io, [...expanded.warnings, ...rendered.warnings]);
      const last = expanded.messages.at(-1);
      io.err(`prompt ${command.server}:${command.prompt}: ${expanded.messages.length} message(s) added`);
      if (last?.role !== "user") io.err("the prompt ends with an assistant message; type your reply");
      return { kind: "append", messages: rendered.messages, run: last?.role === "user" };
    } catch (error) {
      io.err(
        `prompt ${command.server}:${command.prompt} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { kind: "done" };
    }
  }
  const mentions = parseMentions(line).filter(
    (mention) => context.host.pool.get(mention.server) !== undefined,
  );
  if (mentions.length === 0) return { kind: "pass" };
  const { message, warnings } = await userMessageWithResources(context.host, line, mentions);
  const rendered = renderMessages(context.wire, [message]);
  warn(io, [...warnings, ...rendered.warnings]);
  io.err(`attached: ${mentions.map((mention) => `${mention.server}:${mention.uri}`).join(", ")}`);
  return { kind: "append", messages: rendered.messages, run: true };
}

/** A readline completer (callback form) over the host's live catalogue. */
export function chatCompleter(
  host: Host,
): (line: string, callback: (error: null | Error, result: CompleterResult) => void) => void {
  return (line, callback) => {
    completeChatLine(line, host.catalog.snapshot(), (server, ref, argument, other) =>
      completeArgument(host, server, ref, argument, other),
    ).then(
      // readline prints the candidates and inserts the chosen one: drop any a terminal would act on.
      ([candidates, typed]) =>
        callback(null, [candidates.filter((candidate) => !hasTerminalControls(candidate)), typed]),
      () => callback(null, [[], line]),
    );
  };
}

function resourcesTable(snapshot: CatalogSnapshot): string {
  const rows = [
    ...snapshot.resources.map((resource) => ({
      server: resource.server,
      uri: resource.uri,
      name: resource.title ?? resource.name,
      mime: resource.mimeType ?? "",
    })),
    ...snapshot.resourceTemplates.map((template) => ({
      server: template.server,
      uri: template.uriTemplate,
      name: `${template.title ?? template.name} (template)`,
      mime: template.mimeType ?? "",
    })),
  ];
  if (rows.length === 0) return "(no resources)";
  return renderTable(rows, [
    { header: "mention", value: (row) => `@${row.server}:${row.uri}` },
    { header: "name", value: (row) => row.name, maxWidth: 40 },
    { header: "type", value: (row) => row.mime },
  ]);
}

function promptsTable(snapshot: CatalogSnapshot): string {
  if (snapshot.prompts.length === 0) return "(no prompts)";
  return renderTable(snapshot.prompts, [
    { header: "command", value: (row) => `/${row.server}:${row.name}` },
    {
      header: "arguments",
      value: (row) =>
        (row.arguments ?? []).map((argument) => `${argument.name}${argument.required ? "*" : ""}=`).join(" "),
    },
    { header: "description", value: (row) => row.description ?? row.title ?? "", maxWidth: 50 },
  ]);
}

function warn(io: CliIo, warnings: readonly TranslationWarning[]): void {
  for (const warning of warnings) io.err(`warning: ${warning.message}`);
}
