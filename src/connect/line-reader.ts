/**
 * Splits a stdio server's stdout into JSON-RPC messages, one per line, in linear time (see line-splitter.ts).
 * When the SDK's `ReadBuffer` met a line over its size limit it dropped the line silently, so the call it
 * answered waited for its timeout and was reported as "timed out".
 *
 * Here, when an oversized line was an answer whose id can be read from its head or tail, the reader emits a
 * JSON-RPC error for that id in its place, so the call fails at once with a reason that names the size.
 *
 * A message nested deeper than `maxDepth` is treated the same way: the SDK's validation recurses through every
 * level and overflows the stack on a few thousand (one tool with an absurd schema made its whole server fail to
 * connect, reported as a timeout), and so would the catalogue's freezing and diffing.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { excerpt, type JsonRpcLine, JsonRpcLines } from "./json-rpc-lines.js";
import { peekId } from "./peek-id.js";

export interface LineReaderOptions {
  maxLineBytes: number;
  /** Deepest JSON nesting accepted in one message. Default 1,000 (real schemas stay far below 100). */
  maxDepth?: number;
  /** The value as a JSON-RPC message, or a throw when it is not one (the SDK's `parseJSONRPCMessage`). */
  parseMessage(value: unknown): JSONRPCMessage;
  onMessage(message: JSONRPCMessage): void;
  /** A line that was not a JSON-RPC message, or an oversized line that could not be traced to a request. */
  onError(error: Error): void;
}

/** JSON-RPC "internal error": what the host answers in place of an answer it could not accept. */
export const OVERSIZED_ANSWER_CODE = -32603;

export class JsonRpcLineReader {
  readonly #options: LineReaderOptions;
  readonly #lines: JsonRpcLines;

  constructor(options: LineReaderOptions) {
    this.#options = options;
    this.#lines = new JsonRpcLines({
      maxLineBytes: options.maxLineBytes,
      parseMessage: options.parseMessage,
      ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
      onLine: (line) => this.#handle(line),
    });
  }

  push(chunk: Buffer): void {
    this.#lines.push(chunk);
  }

  clear(): void {
    this.#lines.clear();
  }

  #handle(line: JsonRpcLine): void {
    switch (line.kind) {
      case "message":
        this.#options.onMessage(line.message);
        return;
      // One stray line (a console.log on stdout) is reported, never fatal.
      case "not-json":
        this.#options.onError(
          new Error(`The server wrote a line that is not JSON to stdout: ${excerpt(line.line)}`),
        );
        return;
      case "not-json-rpc":
        this.#options.onError(
          new Error(`The server wrote JSON that is not a JSON-RPC message to stdout: ${excerpt(line.line)}`),
        );
        return;
      case "refused":
        this.#refuse(line);
    }
  }

  /** Answers the request a refused line was the answer to, when its id can be read; reports it otherwise. */
  #refuse({ head, tail, why, limit }: Extract<JsonRpcLine, { kind: "refused" }>): void {
    const peeked = peekId(head, tail);
    if (!peeked.isAnswer || peeked.id === undefined) {
      this.#options.onError(new Error(`The server wrote a line to stdout that was ${why}; it was discarded`));
      return;
    }
    this.#options.onMessage({
      jsonrpc: "2.0",
      id: peeked.id,
      error: {
        code: OVERSIZED_ANSWER_CODE,
        message: `The server's answer was ${why}, and was discarded by the host`,
        data: { ...limit, reason: `answer-${limit.reason}` },
      },
    });
  }
}
