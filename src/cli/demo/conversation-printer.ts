/**
 * What `switchboard demo --conversation` prints: one labelled line per thing that happens, and under the story's
 * steps one short line saying why it matters. Everything a server or the model wrote goes through the terminal
 * writer, which escapes control characters (`terminalText`).
 */
import type { AgentEvent } from "../../agent/agent-events.js";
import type { CatalogChange, CatalogSnapshot } from "../../catalog/types.js";
import type { TokenUsage } from "../../spec/model-adapter.js";
import type { ToolResult } from "../../spec/tool-call.js";

/** Where the printer writes: whole lines, and streamed text without a newline (both escaped by the writer). */
export interface DemoTerminal {
  line(text: string): void;
  write(text: string): void;
}

const LABEL_WIDTH = 10;
const INDENT = " ".repeat(LABEL_WIDTH);
/** Longest stretch of a tool's arguments or a refusal shown on one line. */
const SHOWN_CHARS = 400;

export interface ConversationPrinter {
  /** The servers and the tools each publishes (step 1: the shared name). */
  servers(snapshot: CatalogSnapshot): void;
  /** The names of the tools array the next request sends, exactly as built. */
  tools(names: readonly string[]): void;
  onEvent(event: AgentEvent): void;
  /** The answers the model is sent, after each round of calls. */
  results(results: readonly ToolResult[]): void;
  /** A server's tools changed (a re-list after its list_changed). */
  catalogChange(change: CatalogChange): void;
  /** The per-request token table and its total; `price` in USD per million tokens, when known. */
  cost(
    model: string,
    price?: { input: number; output: number; cacheWrite?: number; cacheRead?: number },
  ): void;
  /** Per-request usage, in order. */
  readonly usage: readonly TokenUsage[];
}

export function conversationPrinter(terminal: DemoTerminal): ConversationPrinter {
  const line = (label: string, text: string) => terminal.line(`${label.padEnd(LABEL_WIDTH - 1)} ${text}`);
  const why = (text: string) => terminal.line(`${INDENT}↳ ${text}`);
  const usage: TokenUsage[] = [];
  let offered: readonly string[] | undefined;
  let next: readonly string[] = [];
  let streamed = false;
  let sharedNames: string[] = [];
  /** Every name an earlier request offered. */
  const seen = new Set<string>();

  const request = (turn: number) => {
    const previous = offered;
    for (const name of previous ?? []) seen.add(name);
    offered = next;
    if (previous === undefined) {
      line(`request ${turn}`, `${next.length} tools: ${next.join(", ")}`);
      if (sharedNames.length > 0) {
        why(
          `both "${sharedNames.join('", "')}" tools are sent, each prefixed with its server's name (the real tools array names)`,
        );
      }
      return;
    }
    const gone = previous.filter((name) => !next.includes(name));
    const added = next.filter((name) => !previous.includes(name));
    if (gone.length === 0 && added.length === 0) {
      line(`request ${turn}`, `${next.length} tools, unchanged`);
      return;
    }
    line(`request ${turn}`, `${next.length} tools: ${next.join(", ")}`);
    const changes = [
      ...(gone.length === 0 ? [] : [`${gone.join(", ")} no longer in the tools array`]),
      ...(added.length === 0 ? [] : [`${added.join(", ")} added`]),
    ];
    why(`${changes.join("; ")}: the request is built from the re-listed catalogue`);
  };

  return {
    usage,
    servers(snapshot) {
      const owners = new Map<string, string[]>();
      for (const tool of snapshot.tools)
        owners.set(tool.tool.name, [...(owners.get(tool.tool.name) ?? []), tool.server]);
      sharedNames = [...owners].filter(([, servers]) => servers.length > 1).map(([name]) => name);
      const listed = snapshot.servers.map(
        (server) => `${server.server} (${server.tools.map((tool) => tool.tool.name).join(", ")})`,
      );
      line("servers", listed.join(", "));
      for (const name of sharedNames) {
        why(`${(owners.get(name) ?? []).join(" and ")} both publish a tool named "${name}"`);
      }
    },
    tools(names) {
      next = [...names];
    },
    onEvent(event) {
      switch (event.type) {
        case "request":
          streamed = false;
          request(event.turn);
          return;
        case "text-delta":
          if (event.text === "") return;
          if (!streamed) terminal.write(`${"model".padEnd(LABEL_WIDTH - 1)} `);
          streamed = true;
          terminal.write(event.text.replaceAll("\n", `\n${INDENT}`));
          return;
        case "response":
          if (streamed) terminal.write("\n");
          else if (event.text !== "") line("model", event.text.replaceAll("\n", `\n${INDENT}`));
          if (event.toolCallCount > 1) {
            why(
              `${event.toolCallCount} calls in one response: switchboard runs them in parallel and answers each`,
            );
          }
          return;
        case "tool-call-start": {
          line("call", `${event.name} ${shown(JSON.stringify(event.arguments) ?? "")}`);
          if (offered !== undefined && !offered.includes(event.name) && seen.has(event.name)) {
            why("this request does not offer it: the model calls it from memory of an earlier one");
          }
          return;
        }
        case "usage":
          usage.push(event.usage);
          return;
        case "warning":
          line("warning", event.warning.message);
          return;
        case "stop":
          if (event.reason !== "done")
            line("stopped", `${event.reason}${event.detail ? `: ${event.detail}` : ""}`);
          return;
        default:
          return;
      }
    },
    results(results) {
      for (const result of results) {
        if (result.outcome === "ok") {
          line("answer", `${result.name}: ok, ${formatInt(resultBytes(result))} bytes`);
          continue;
        }
        line("answer", `${result.name}: ${result.outcome}: ${shown(resultText(result))}`);
        if (result.outcome === "stale-tool") {
          why("switchboard answers the stale call itself, saying why, so the model can recover");
        }
      }
    },
    catalogChange(change) {
      const { added, removed, changed } = change.diff.tools;
      const parts = [
        ...(removed.length === 0 ? [] : [`removed ${removed.join(", ")}`]),
        ...(added.length === 0 ? [] : [`added ${added.join(", ")}`]),
        ...(changed.length === 0 ? [] : [`changed ${changed.join(", ")}`]),
      ];
      if (parts.length === 0) return;
      line("changed", `${change.server} sent notifications/tools/list_changed and ${parts.join(", ")}`);
      why(`switchboard re-listed ${change.server}'s tools: catalogue generation ${change.generation}`);
    },
    cost(model, price) {
      terminal.line("");
      terminal.line(`cost     ${model}, as the Anthropic emulator's prompt cache counted each request`);
      const header = ["", "input", "cache write", "cache read", "output", ...(price ? ["USD"] : [])];
      const rows = usage.map((turn, index) => costRow(`request ${index + 1}`, turn, price));
      const total = usage.reduce(
        (sum, turn) => ({
          inputTokens: sum.inputTokens + turn.inputTokens,
          outputTokens: sum.outputTokens + turn.outputTokens,
          cacheReadTokens: sum.cacheReadTokens + turn.cacheReadTokens,
          cacheWriteTokens: sum.cacheWriteTokens + turn.cacheWriteTokens,
        }),
        { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      );
      const table = [header, ...rows, costRow("total", total, price)];
      const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? "").length)));
      for (const row of table) {
        const cells = row.map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        );
        terminal.line(`${INDENT}${cells.join("  ")}`);
      }
      why("input includes the cache columns; a changed tools array writes the cached prefix again");
    },
  };
}

function costRow(
  label: string,
  usage: TokenUsage,
  price: { input: number; output: number; cacheWrite?: number; cacheRead?: number } | undefined,
): string[] {
  const row = [
    label,
    formatInt(usage.inputTokens),
    formatInt(usage.cacheWriteTokens),
    formatInt(usage.cacheReadTokens),
    formatInt(usage.outputTokens),
  ];
  if (price === undefined) return row;
  const uncached = usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens;
  const usd =
    (uncached * price.input +
      usage.cacheWriteTokens * (price.cacheWrite ?? price.input) +
      usage.cacheReadTokens * (price.cacheRead ?? price.input) +
      usage.outputTokens * price.output) /
    1_000_000;
  return [...row, `$${usd.toFixed(4)}`];
}

function resultText(result: ToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : JSON.stringify(part))).join("\n");
}

/** Bytes of the result's content as the model receives it (text as UTF-8, other parts as JSON). */
function resultBytes(result: ToolResult): number {
  return Buffer.byteLength(resultText(result), "utf8");
}

function shown(text: string): string {
  const flat = text.replaceAll(/\s+/g, " ");
  return flat.length <= SHOWN_CHARS ? flat : `${flat.slice(0, SHOWN_CHARS)}…`;
}

function formatInt(value: number): string {
  return value.toLocaleString("en-US");
}
