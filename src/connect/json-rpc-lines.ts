/**
 * A byte stream as JSON-RPC lines, classified: a message, a line that is not JSON, JSON that is not a JSON-RPC
 * message, or a line refused unparsed (over the size limit, or nested too deep) with only its ends kept. What to
 * do with each is the reader's business: the host reading a server's stdout and the gateway reading a client's
 * stdin answer them differently.
 *
 * The check that a value is a JSON-RPC message is the caller's (`parseMessage`, the SDK's schema): this module
 * loads no SDK code, so a child's transport can exist before the SDK has loaded.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { DEFAULT_MAX_DEPTH, nestedDeeperThan } from "./json-depth.js";
import { describeBytes, LineSplitter } from "./line-splitter.js";

/** Which limit a refused line broke. */
export type BrokenLimit =
  | { reason: "too-large"; bytes: number; limitBytes: number }
  | { reason: "too-deep"; maxDepth: number };

export type JsonRpcLine =
  | { kind: "message"; message: JSONRPCMessage }
  | { kind: "not-json"; line: string }
  | { kind: "not-json-rpc"; line: string; value: unknown }
  /** `why` reads after "was": `11.0 MB, over the 10.0 MB limit for one message`. */
  | { kind: "refused"; head: string; tail: string; why: string; limit: BrokenLimit };

export interface JsonRpcLinesOptions {
  maxLineBytes: number;
  /** Deepest JSON nesting accepted in one message. Default 1,000 (real schemas stay far below 100). */
  maxDepth?: number;
  /** The value as a JSON-RPC message, or a throw when it is not one (the SDK's `parseJSONRPCMessage`). */
  parseMessage(value: unknown): JSONRPCMessage;
  onLine(line: JsonRpcLine): void;
}

export class JsonRpcLines {
  readonly #options: JsonRpcLinesOptions;
  readonly #splitter: LineSplitter;

  constructor(options: JsonRpcLinesOptions) {
    this.#options = options;
    const { maxLineBytes, onLine } = options;
    this.#splitter = new LineSplitter({
      maxLineBytes,
      onLine: (line) => this.#handle(line),
      onOversized: ({ bytes, head, tail }) =>
        onLine({
          kind: "refused",
          head: head.toString("utf8"),
          tail: tail.toString("utf8"),
          why: `${describeBytes(bytes)}, over the ${describeBytes(maxLineBytes)} limit for one message`,
          limit: { reason: "too-large", bytes, limitBytes: maxLineBytes },
        }),
    });
  }

  push(chunk: Buffer): void {
    this.#splitter.push(chunk);
  }

  clear(): void {
    this.#splitter.clear();
  }

  /** One line's text, CR already stripped: checked, parsed and classified. Blank lines are skipped. */
  #handle(line: string): void {
    if (line.trim() === "") return;
    const { onLine } = this.#options;
    const maxDepth = this.#options.maxDepth ?? DEFAULT_MAX_DEPTH;
    if (nestedDeeperThan(line, maxDepth)) {
      const why = `nested more than ${maxDepth} levels deep`;
      onLine({ kind: "refused", head: line, tail: line, why, limit: { reason: "too-deep", maxDepth } });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      onLine({ kind: "not-json", line });
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = this.#options.parseMessage(value);
    } catch {
      onLine({ kind: "not-json-rpc", line, value });
      return;
    }
    onLine({ kind: "message", message });
  }
}

/** A line for an error message: short lines whole, long ones cut to their start and length. */
export function excerpt(line: string): string {
  return line.length <= 120
    ? JSON.stringify(line)
    : `${JSON.stringify(line.slice(0, 120))}... (${line.length} characters)`;
}
