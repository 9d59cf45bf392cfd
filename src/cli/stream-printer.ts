/**
 * Prints a model's answer to stdout as it streams, made inert for a terminal piece by piece. The escaping is per
 * character (`terminalText`), so an escape sequence split over two deltas is still shown, never acted on; a high
 * surrogate at the end of a piece is held back until its pair arrives so a split emoji is not printed as two
 * replacement characters. It remembers whether stdout is mid-line, so a tool line on stderr starts on its own
 * line, and whether a turn's text streamed at all, so an answer that arrived whole is printed once.
 */
import type { AgentEvent } from "../agent/agent-events.js";
import { terminalText } from "./terminal-text.js";

export class StreamPrinter {
  private held = "";
  private midLine = false;
  private streamedTurn: number | undefined;

  /** `write` puts text on stdout as it is, without a newline. */
  constructor(private readonly write: (text: string) => void) {}

  /** Shows what an event adds to the answer: a text delta, or a response's text when none streamed. */
  event(event: AgentEvent): void {
    if (event.type === "text-delta") {
      this.streamedTurn = event.turn;
      this.text(event.text);
    } else if (event.type === "response") {
      if (this.streamedTurn !== event.turn && event.text !== "") this.text(event.text);
      // The text before a turn's tool calls ends its line before their lines.
      if (event.toolCallCount > 0) this.endLine();
    }
  }

  /** Writes a piece of answer text. */
  text(piece: string): void {
    let text = this.held + piece;
    this.held = "";
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.held = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text === "") return;
    this.write(terminalText(text));
    this.midLine = !text.endsWith("\n");
  }

  /** Ends the current line if text is mid-line: before another line is printed, and when the answer ends. */
  endLine(): void {
    if (this.held !== "") {
      // A lone high surrogate whose pair never came: shown as an escape.
      this.write(`\\u{${this.held.charCodeAt(0).toString(16)}}`);
      this.held = "";
      this.midLine = true;
    }
    if (this.midLine) this.write("\n");
    this.midLine = false;
  }
}
