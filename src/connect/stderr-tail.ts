/**
 * The last lines a server wrote to stderr, bounded by line count and bytes, kept for error reports. Partial
 * lines are held until their newline (or until `flush`), so a line is never split across entries.
 */
export interface StderrTailLimits {
  maxLines: number;
  maxBytes: number;
}

export const defaultStderrTailLimits: StderrTailLimits = { maxLines: 50, maxBytes: 8 * 1024 };

export class StderrTail {
  readonly #limits: StderrTailLimits;
  readonly #lines: string[] = [];
  #bytes = 0;
  #partial = "";

  constructor(limits: StderrTailLimits = defaultStderrTailLimits) {
    this.#limits = limits;
  }

  /** Feeds a chunk; returns the complete lines it finished (for a live `stderr` event). */
  push(chunk: string): string[] {
    const parts = (this.#partial + chunk).split(/\r?\n/);
    this.#partial = parts.pop() ?? "";
    // A runaway line without a newline must not grow without bound either.
    if (Buffer.byteLength(this.#partial) > this.#limits.maxBytes) {
      parts.push(this.#partial);
      this.#partial = "";
    }
    for (const line of parts) this.#add(line);
    return parts;
  }

  /** Moves a trailing partial line into the tail (the stream ended). */
  flush(): string[] {
    if (this.#partial === "") return [];
    const line = this.#partial;
    this.#partial = "";
    this.#add(line);
    return [line];
  }

  lines(): readonly string[] {
    return this.#partial === "" ? [...this.#lines] : [...this.#lines, this.#partial];
  }

  /** The tail as one string, or undefined when the server wrote nothing. */
  text(): string | undefined {
    const lines = this.lines();
    return lines.length === 0 ? undefined : lines.join("\n");
  }

  #add(line: string): void {
    const clipped = clip(line, this.#limits.maxBytes);
    this.#lines.push(clipped);
    this.#bytes += Buffer.byteLength(clipped) + 1;
    while (
      this.#lines.length > this.#limits.maxLines ||
      (this.#bytes > this.#limits.maxBytes && this.#lines.length > 1)
    ) {
      const dropped = this.#lines.shift() ?? "";
      this.#bytes -= Buffer.byteLength(dropped) + 1;
    }
  }
}

/** Keeps the end of an over-long line (the end usually holds the error). */
function clip(line: string, maxBytes: number): string {
  if (Buffer.byteLength(line) <= maxBytes) return line;
  const buffer = Buffer.from(line);
  return `…${buffer.subarray(buffer.length - maxBytes + 4).toString()}`;
}
