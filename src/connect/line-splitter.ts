/**
 * Splits a byte stream into lines in linear time, with a bound on each line. The SDK's `ReadBuffer` re-copies
 * and re-scans its whole buffer on every chunk (quadratic: a 50 MB message cost seconds) and gives up on the
 * stream when one line passes its limit.
 *
 * Here a line over `maxLineBytes` is never buffered: its middle is discarded as it streams past, keeping only
 * its first and last `keepBytes` bytes, so whoever reads the lines can still say which message it was.
 */

/** A line that passed the limit: its length, and copies of its first and last bytes. */
export interface OversizedLine {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

export interface LineSplitterOptions {
  maxLineBytes: number;
  /** One line's text, without its LF or a trailing CR (blank lines included). */
  onLine(line: string): void;
  onOversized(line: OversizedLine): void;
}

/** How much of an oversized line's start and end is kept. */
export const keepBytes = 512;

export class LineSplitter {
  readonly #options: LineSplitterOptions;
  #parts: Buffer[] = [];
  #size = 0;
  #oversized: OversizedLine | undefined;

  constructor(options: LineSplitterOptions) {
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
        this.#options.onLine(chunk.toString("utf8", start, stop));
      } else {
        this.#append(chunk.subarray(start, end));
        this.#endLine();
      }
      start = end + 1;
    }
  }

  /** Forgets a partly read line. */
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
      this.#options.onOversized(oversized);
      return;
    }
    this.#options.onLine(this.#takeLine());
  }

  /** The buffered line (split across chunks) as text without its trailing CR. */
  #takeLine(): string {
    const parts = this.#parts;
    let size = this.#size;
    this.#parts = [];
    this.#size = 0;
    const last = parts.at(-1);
    if (last === undefined) return "";
    if (last[last.length - 1] === 13) size -= 1;
    return parts.length === 1 ? last.toString("utf8", 0, size) : Buffer.concat(parts, size).toString("utf8");
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

/** `52428800` → `50.0 MB`. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
