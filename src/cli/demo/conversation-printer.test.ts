import { describe, expect, it } from "vitest";
import { conversationPrinter } from "./conversation-printer.js";

function recorder() {
  let written = "";
  return {
    terminal: {
      line: (text: string) => {
        written += `${text}\n`;
      },
      write: (text: string) => {
        written += text;
      },
    },
    written: () => written,
  };
}

const response = (text: string, toolCallCount = 0) =>
  ({ type: "response", turn: 1, finishReason: "stop", text, toolCallCount, durationMs: 1 }) as const;

describe("conversationPrinter", () => {
  it("prints streamed text as it arrives and does not print the response's copy again", () => {
    const { terminal, written } = recorder();
    const printer = conversationPrinter(terminal);
    printer.onEvent({ type: "text-delta", turn: 1, text: "Hel" });
    expect(written()).toBe("model     Hel");
    printer.onEvent({ type: "text-delta", turn: 1, text: "lo" });
    printer.onEvent(response("Hello"));
    expect(written()).toBe("model     Hello\n");
  });

  it("prints the response's text whole when no delta arrived in the turn", () => {
    const { terminal, written } = recorder();
    const printer = conversationPrinter(terminal);
    printer.onEvent({ type: "request", turn: 1, messages: 1, tools: 0, toolsetHash: "h" });
    printer.onEvent(response("Whole answer", 2));
    expect(written()).toContain("model     Whole answer\n");
    expect(written()).toContain("2 calls in one response");
  });

  it("says what a request lost and sums the cost rows", () => {
    const { terminal, written } = recorder();
    const printer = conversationPrinter(terminal);
    const usage = { inputTokens: 100, outputTokens: 10, cacheReadTokens: 40, cacheWriteTokens: 50 };
    printer.tools(["a__x", "b__y"]);
    printer.onEvent({ type: "request", turn: 1, messages: 1, tools: 2, toolsetHash: "1" });
    printer.onEvent({ type: "usage", turn: 1, usage, totals: usage });
    printer.tools(["a__x"]);
    printer.onEvent({ type: "request", turn: 2, messages: 3, tools: 1, toolsetHash: "2" });
    printer.onEvent({ type: "usage", turn: 2, usage, totals: usage });
    printer.cost("m");
    expect(written()).toContain("b__y no longer in the tools array");
    expect(written()).toMatch(/total +200 +100 +80 +20\n/);
  });
});
