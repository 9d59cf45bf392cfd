/**
 * The gateway's side of a stdio connection: stdin read through `GatewayInputReader` (bounded lines, JSON-RPC
 * error answers for what cannot be served), stdout written one message per line with backpressure. Replaces the
 * SDK's `StdioServerTransport`, which stopped reading stdin for good after one line over 10 MB and answered
 * garbage with silence.
 */
import type { Readable, Writable } from "node:stream";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from "@modelcontextprotocol/server";
import type { JsonRpcLines } from "../connect/json-rpc-lines.js";
import { gatewayInputReader } from "./stdio-input.js";

export interface GatewayStdioTransportOptions {
  /** Longest line (one message) accepted from the client. Default the SDK's 10 MB, as for servers' answers. */
  maxMessageBytes?: number;
  /** Deepest JSON nesting accepted in one message. Default 1,000. */
  maxDepth?: number;
  /** A line that was refused for its size or depth, described for the operator's log. */
  onRefused?: (description: string) => void;
}

export class GatewayStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #reader: JsonRpcLines;
  #started = false;
  #closed = false;

  constructor(stdin: Readable, stdout: Writable, options: GatewayStdioTransportOptions = {}) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#reader = gatewayInputReader({
      maxMessageBytes: options.maxMessageBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE,
      ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
      onMessage: (message) => {
        try {
          this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        }
      },
      onAnswer: (answer) => {
        this.send(answer).catch((error: unknown) => this.#onError(error));
      },
      onRefused: (description) => options.onRefused?.(description),
    });
  }

  readonly #onData = (chunk: Buffer | string) => {
    this.#reader.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  };
  readonly #onError = (error: unknown) => {
    if (!this.#closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
  };
  readonly #onEnd = () => {
    void this.close();
  };

  async start(): Promise<void> {
    if (this.#started) throw new Error("GatewayStdioTransport already started");
    this.#started = true;
    if (this.#stdin.readableEnded || this.#stdin.destroyed) setImmediate(this.#onEnd);
    this.#stdin.on("data", this.#onData);
    this.#stdin.on("error", this.#onError);
    this.#stdin.on("end", this.#onEnd);
    this.#stdin.on("close", this.#onEnd);
    // Kept after close: a write accepted before it can still fail (EPIPE), and an unheard 'error' would crash.
    this.#stdout.on("error", this.#onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("The stdio connection is closed"));
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => {
        this.#stdout.off("drain", onDrain);
        reject(error);
      };
      const onDrain = () => {
        this.#stdout.off("error", onError);
        resolve();
      };
      this.#stdout.once("error", onError);
      if (this.#stdout.write(serializeMessage(message))) {
        this.#stdout.off("error", onError);
        resolve();
      } else this.#stdout.once("drain", onDrain);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off("data", this.#onData);
    this.#stdin.off("error", this.#onError);
    this.#stdin.off("end", this.#onEnd);
    this.#stdin.off("close", this.#onEnd);
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    this.#reader.clear();
    this.onclose?.();
  }
}
