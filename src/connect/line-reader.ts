/**
 * Splits a stdio server's stdout into JSON-RPC messages, one per line, in linear time. The SDK's `ReadBuffer`
 * re-copies and re-scans its whole buffer on every chunk (quadratic: a 50 MB answer cost seconds, and answers
 * queued behind it timed out), and when a line passed its size limit it dropped the line silently, so the call
 * it answered waited for its timeout and was reported as "timed out".
 *
 * Here a line over `maxLineBytes` is never buffered: its middle is discarded as it streams past, keeping only
 * its head and tail. When it ends, and it was an answer whose id can be read from its head or tail, the reader
 * emits a JSON-RPC error for that id in its place, so the call fails at once with a reason that names the size.
 *
 * A message nested deeper than `maxDepth` is treated the same way: the SDK's validation recurses through every
 * level and overflows the stack on a few thousand (one tool with an absurd schema made its whole server fail to
 * connect, reported as a timeout), and so would the catalogue's freezing and diffing.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { parseJSONRPCMessage } from "@modelcontextprotocol/client";

export interface LineReaderOptions {
  maxLineBytes: number;
  /** Deepest JSON nesting accepted in one message. Default 1,000 (real schemas stay far below 100). */
  maxDepth?: number;
  onMessage(message: JSONRPCMessage): void;
  /** A line that was not a JSON-RPC message, or an oversized line that could not be traced to a request. */
  onError(error: Error): void;
}

/** JSON-RPC "internal error": what the host answers in place of an answer it could not accept. */
export const OVERSIZED_ANSWER_CODE = -32603;

const keepBytes = 512;
const idValue = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** `{"jsonrpc":"2.0","id":5,...` or `{"id":5,...`: the id as a top-level key at the start. */
const idAtHead = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${idValue}\s*,`);
/** `...,"id":5}`: the id as the last top-level key (a nested "id" would be followed by more than one `}`). */
const idAtTail = new RegExp(String.raw`,\s*"id"\s*:\s*${idValue}\s*\}\s*$`);

interface Oversized {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

export class JsonRpcLineReader {
  readonly #options: LineReaderOptions;
  #parts: Buffer[] = [];
  #size = 0;
  #oversized: Oversized | undefined;

  constructor(options: LineReaderOptions) {
    this.#options = options;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end === -1) {
        if (start < chunk.length) this.#append(chunk.subarray(start));
        return;
      }
      if (this.#size === 0 && this.#oversized === undefined && end - start <= this.#options.maxLineBytes) {
        // The whole line is in this chunk (nearly always): decode it in place, no view, no copy.
        const stop = end > start && chunk[end - 1] === 13 ? end - 1 : end;
        if (stop > start) this.#handle(chunk.toString("utf8", start, stop));
      } else {
        this.#append(chunk.subarray(start, end));
        this.#endLine();
      }
      start = end + 1;
    }
  }

  clear(): void {
    this.#parts = [];
    this.#size = 0;
    this.#oversized = undefined;
  }

  #append(piece: Buffer): void {
    if (piece.length === 0) return;
    const oversized = this.#oversized;
    if (oversized !== undefined) {
      oversized.bytes += piece.length;
      oversized.tail = lastBytes([oversized.tail, piece]);
      return;
    }
    if (this.#size + piece.length <= this.#options.maxLineBytes) {
      this.#parts.push(piece);
      this.#size += piece.length;
      return;
    }
    const parts = [...this.#parts, piece];
    this.#oversized = {
      bytes: this.#size + piece.length,
      head: firstBytes(parts),
      tail: lastBytes(parts),
    };
    this.#parts = [];
    this.#size = 0;
  }

  #endLine(): void {
    const oversized = this.#oversized;
    if (oversized !== undefined) {
      this.#oversized = undefined;
      this.#reportOversized(oversized);
      return;
    }
    const line = this.#takeLine();
    if (line !== undefined) this.#handle(line);
  }

  /** One line's text, CR already stripped: checked, parsed and handed on (or reported). */
  #handle(line: string): void {
    if (line.trim() === "") return;
    const maxDepth = this.#options.maxDepth ?? DEFAULT_MAX_DEPTH;
    // Each level costs one `[` or `{`: a line with few of them (any answer that is mostly text) needs no scan.
    if (line.length > 2 * maxDepth && openersExceed(line, maxDepth) && nestingExceeds(line, maxDepth)) {
      this.#reject(line, line, `nested more than ${maxDepth} levels deep`, {
        reason: "answer-too-deep",
        maxDepth,
      });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // One stray line (a console.log on stdout) is reported, never fatal.
      this.#options.onError(
        new Error(`The server wrote a line that is not JSON to stdout: ${excerpt(line)}`),
      );
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.#options.onError(
        new Error(`The server wrote JSON that is not a JSON-RPC message to stdout: ${excerpt(line)}`),
      );
      return;
    }
    this.#options.onMessage(message);
  }

  /** The buffered line (split across chunks) as text without its trailing CR; undefined when empty. */
  #takeLine(): string | undefined {
    const parts = this.#parts;
    let size = this.#size;
    this.#parts = [];
    this.#size = 0;
    const last = parts.at(-1);
    if (last === undefined) return undefined;
    if (last[last.length - 1] === 13) size -= 1;
    return parts.length === 1 ? last.toString("utf8", 0, size) : Buffer.concat(parts, size).toString("utf8");
  }

  #reportOversized({ bytes, head, tail }: Oversized): void {
    const limit = describeBytes(this.#options.maxLineBytes);
    this.#reject(
      head.toString("utf8"),
      tail.toString("utf8"),
      `${describeBytes(bytes)}, over the ${limit} limit for one message`,
      {
        reason: "answer-too-large",
        bytes,
        limitBytes: this.#options.maxLineBytes,
      },
    );
  }

  /** Answers the request a refused line was the answer to, when its id can be read; reports it otherwise. */
  #reject(head: string, tail: string, why: string, data: Record<string, unknown>): void {
    const start = head.slice(0, keepBytes);
    const end = tail.slice(-keepBytes).replace(/\r$/, "");
    const isAnswer = /"(?:result|error)"\s*:/.test(start) && !/"method"\s*:/.test(start);
    const idText = isAnswer ? (idAtHead.exec(start)?.[1] ?? idAtTail.exec(end)?.[1]) : undefined;
    if (idText === undefined) {
      this.#options.onError(new Error(`The server wrote a line to stdout that was ${why}; it was discarded`));
      return;
    }
    this.#options.onMessage({
      jsonrpc: "2.0",
      id: JSON.parse(idText) as string | number,
      error: {
        code: OVERSIZED_ANSWER_CODE,
        message: `The server's answer was ${why}, and was discarded by the host`,
        data,
      },
    });
  }
}

const DEFAULT_MAX_DEPTH = 1_000;

/** Whether `text` holds more than `limit` `{` and `[` in all (a bound on its depth); stops counting past it. */
function openersExceed(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of ["{", "["]) {
    for (let index = text.indexOf(opener); index !== -1; index = text.indexOf(opener, index + 1)) {
      count += 1;
      if (count > limit) return true;
    }
  }
  return false;
}

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, by one scan over its structure. Strings are
 * skipped with `indexOf` (a quote preceded by an odd run of backslashes is escaped), not character by character.
 */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      index = stringEnd(text, index + 1);
      if (index === -1) return false; // unterminated: nothing after it can nest
    } else if (code === 123 || code === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 125 || code === 93) depth -= 1;
  }
  return false;
}

/** The index of the quote that closes a string whose content starts at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let search = from;
  for (;;) {
    const quote = text.indexOf('"', search);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 92)
      backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    search = quote + 1;
  }
}

/** The first `keepBytes` bytes of the concatenation of `buffers`, copied. */
function firstBytes(buffers: readonly Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let length = 0;
  for (const buffer of buffers) {
    if (length >= keepBytes) break;
    const piece = buffer.subarray(0, keepBytes - length);
    kept.push(piece);
    length += piece.length;
  }
  return Buffer.from(Buffer.concat(kept, length));
}

/** The last `keepBytes` bytes of the concatenation of `buffers`, without concatenating all of them. */
function lastBytes(buffers: readonly Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let length = 0;
  for (let index = buffers.length - 1; index >= 0 && length < keepBytes; index -= 1) {
    const buffer = buffers[index]!;
    const piece = buffer.subarray(Math.max(0, buffer.length - (keepBytes - length)));
    kept.unshift(piece);
    length += piece.length;
  }
  // A copy: keeping a subarray would keep the whole 64 KB chunk it came from alive.
  return Buffer.from(Buffer.concat(kept, length));
}

function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

function excerpt(line: string): string {
  return line.length <= 120
    ? JSON.stringify(line)
    : `${JSON.stringify(line.slice(0, 120))}... (${line.length} characters)`;
}
