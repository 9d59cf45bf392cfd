import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolCall, ToolContent, ToolOutcome, ToolResult } from "../../spec/tool-call.js";
import { convertToolResults } from "./convert-tool-results.js";
import { validateOpenAIChatMessages } from "./validate-messages.js";

const call = (id: string, name = "srv__t", extra: Partial<ToolCall> = {}): ToolCall => ({
  id,
  name,
  arguments: {},
  ...extra,
});
const result = (callId: string, content: ToolContent[], outcome: ToolOutcome = "ok"): ToolResult => ({
  callId,
  name: "srv__t",
  outcome,
  isError: outcome !== "ok",
  content,
  durationMs: 1,
});
const text = (value: string): ToolContent => ({ type: "text", text: value });

function accepted(calls: ToolCall[], messages: unknown[]): boolean {
  const assistant = {
    role: "assistant",
    content: null,
    tool_calls: calls.map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: "{}" },
    })),
  };
  return (
    validateOpenAIChatMessages({ messages: [{ role: "user", content: "go" }, assistant, ...messages] })
      .length === 0
  );
}

describe("openai-chat convertToolResults", () => {
  it("one tool message per call, text only, errors marked in the text", () => {
    const calls = [call("a"), call("b"), call("c")];
    const out = convertToolResults(calls, [
      result("a", [text("fine"), text("more")]),
      result("b", [text("disk full")], "tool-error"),
      result("c", [text('Server "s" is unavailable')], "server-crashed"),
    ]);
    expect(out.messages).toEqual([
      { role: "tool", tool_call_id: "a", content: "fine\nmore" },
      { role: "tool", tool_call_id: "b", content: "Tool error: disk full" },
      { role: "tool", tool_call_id: "c", content: 'Error (server-crashed): Server "s" is unavailable' },
    ]);
    expect(accepted(calls, out.messages)).toBe(true);
  });

  it("describes images and audio in text, with a warning each", () => {
    const out = convertToolResults(
      [call("a")],
      [
        result("a", [
          text("chart:"),
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
          { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
          { type: "resource", uri: "notes://1", text: "milk" },
          { type: "resource", uri: "img://1", mimeType: "image/png", blob: "AAAA" },
          { type: "resource_link", uri: "file:///r", name: "r", title: "Report", description: "monthly" },
        ]),
      ],
    );
    expect(out.messages[0]?.content).toBe(
      [
        "chart:",
        "[image result (image/png, 8 bytes) omitted: Chat Completions tool messages carry text only]",
        "[audio result (audio/wav, 4 bytes) omitted: Chat Completions tool messages carry text only]",
        "Resource notes://1:\nmilk",
        "Resource img://1 (image/png): 3 bytes of binary data, not shown",
        'Resource link: r "Report" <file:///r> - monthly',
      ].join("\n"),
    );
    expect(out.warnings.map((warning) => warning.code)).toEqual([
      "result-image-described",
      "result-audio-described",
      "result-resource-described",
    ]);
    expect(out.warnings[0]?.message).toContain("srv__t (a)");
  });

  it("empty content, duplicate ids and missing results", () => {
    const calls = [call("x"), call("x", "srv__u", { duplicateId: true }), call("y")];
    const out = convertToolResults(calls, [
      result("x", []),
      result("x", [text("not run")], "malformed-call"),
    ]);
    expect(out.messages).toEqual([
      {
        role: "tool",
        tool_call_id: "x",
        content:
          "(empty result)\n\nAnother call in this turn reused the id x (srv__u):\nError (malformed-call): not run",
      },
      { role: "tool", tool_call_id: "y", content: 'Error: no result was produced for the call to "srv__t".' },
    ]);
  });

  it("property: every call id is answered right after the assistant message", () => {
    const outcome = fc.constantFrom<ToolOutcome>("ok", "tool-error", "stale-tool", "denied");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("c1", "c2", "c3"), outcome), { minLength: 1, maxLength: 6 }),
        (rows) => {
          const seen = new Set<string>();
          const calls = rows.map(([id]) => {
            const duplicate = seen.has(id);
            seen.add(id);
            return call(id, "srv__t", duplicate ? { duplicateId: true } : {});
          });
          const out = convertToolResults(
            calls,
            rows.map(([id, kind]) => result(id, [text("r")], kind)),
          );
          const unique = calls.filter((c) => c.duplicateId !== true);
          expect(out.messages.map((message) => message.tool_call_id)).toEqual(unique.map((c) => c.id));
          expect(accepted(unique, out.messages)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
