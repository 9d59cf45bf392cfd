import { describe, expect, it } from "vitest";
import { StreamPrinter } from "./stream-printer.js";

function capture() {
  let out = "";
  return { printer: new StreamPrinter((text) => (out += text)), out: () => out };
}

describe("StreamPrinter", () => {
  it("never writes an escape sequence split over two deltas", () => {
    const { printer, out } = capture();
    printer.text("plain \x1b");
    printer.text("[2J\x1b]0;title\x07 \u202e");
    printer.text("gnp.exe");
    for (const raw of ["\x1b", "\x07", "\u202e"]) expect(out()).not.toContain(raw);
    expect(out()).toBe("plain \\u{1b}[2J\\u{1b}]0;title\\u{7} \\u{202e}gnp.exe");
  });

  it("holds a split surrogate pair until its second half arrives", () => {
    const { printer, out } = capture();
    const emoji = "🙂";
    printer.text(`a${emoji[0]}`);
    expect(out()).toBe("a");
    printer.text(`${emoji[1]}b`);
    expect(out()).toBe(`a${emoji}b`);
  });

  it("ends a mid-line answer before a tool line, and only once", () => {
    const { printer, out } = capture();
    printer.event({ type: "text-delta", turn: 1, text: "Let me look" });
    printer.event({
      type: "response",
      turn: 1,
      finishReason: "tool-calls",
      text: "Let me look",
      toolCallCount: 1,
      durationMs: 1,
    });
    printer.endLine();
    printer.event({ type: "text-delta", turn: 2, text: "done\n" });
    printer.endLine();
    expect(out()).toBe("Let me look\ndone\n");
  });

  it("prints a turn's text that did not stream when its response arrives", () => {
    const { printer, out } = capture();
    printer.event({
      type: "response",
      turn: 1,
      finishReason: "stop",
      text: "whole \x1b[31m",
      toolCallCount: 0,
      durationMs: 1,
    });
    printer.event({ type: "text-delta", turn: 2, text: "streamed" });
    printer.event({
      type: "response",
      turn: 2,
      finishReason: "stop",
      text: "streamed",
      toolCallCount: 0,
      durationMs: 1,
    });
    printer.endLine();
    expect(out()).toBe("whole \\u{1b}[31mstreamed\n");
  });
});
