import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolCall, ToolContent, ToolOutcome, ToolResult } from "../../spec/tool-call.js";
import { convertToolResults } from "./convert-tool-results.js";
import { validateAnthropicMessages } from "./validate-messages.js";

const PNG = "iVBORw0KGgo=";
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

/** The request the converted message goes into: the assistant turn that made `calls`, then the answer. */
function accepted(calls: ToolCall[], message: unknown): boolean {
  const assistant = {
    role: "assistant",
    content: calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: {} })),
  };
  return (
    validateAnthropicMessages({ messages: [{ role: "user", content: "go" }, assistant, message] }).length ===
    0
  );
}

describe("anthropic convertToolResults", () => {
  it("one user message, one tool_result per call in order, errors flagged", () => {
    const calls = [call("a"), call("b"), call("c")];
    const out = convertToolResults(calls, [
      result("a", [text("fine")]),
      result("b", [text("disk full")], "tool-error"),
      result("c", [text("The call timed out after 300 ms")], "timeout"),
    ]);
    expect(out.message).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "a", content: [{ type: "text", text: "fine" }] },
        {
          type: "tool_result",
          tool_use_id: "b",
          content: [{ type: "text", text: "disk full" }],
          is_error: true,
        },
        {
          type: "tool_result",
          tool_use_id: "c",
          content: [{ type: "text", text: "The call timed out after 300 ms" }],
          is_error: true,
        },
      ],
    });
    expect(out.warnings).toEqual([]);
    expect(accepted(calls, out.message)).toBe(true);
  });

  it("images stay images, PDFs become documents, audio and odd images are described with a warning", () => {
    const out = convertToolResults(
      [call("a")],
      [
        result("a", [
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "image", data: "PHN2Zz4=", mimeType: "image/svg+xml" },
          { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
          { type: "resource", uri: "notes://1", mimeType: "text/plain", text: "milk" },
          { type: "resource", uri: "img://1", mimeType: "image/jpeg", blob: PNG },
          { type: "resource", uri: "doc://1.pdf", mimeType: "application/pdf", blob: "JVBERg==" },
          { type: "resource", uri: "bin://1", blob: "AAECAw==" },
          { type: "resource_link", uri: "file:///r.csv", name: "r.csv", mimeType: "text/csv", size: 9 },
        ]),
      ],
    );
    expect(out.message.content[0]?.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
      {
        type: "text",
        text: "[image result (image/svg+xml, 5 bytes) omitted: Claude accepts jpeg, png, gif and webp images]",
      },
      {
        type: "text",
        text: "[audio result (audio/wav, 4 bytes) omitted: Claude cannot receive audio in a tool result]",
      },
      { type: "text", text: "Resource notes://1 (text/plain):\nmilk" },
      { type: "text", text: "Resource img://1 (image/jpeg):" },
      { type: "image", source: { type: "base64", media_type: "image/jpeg", data: PNG } },
      {
        type: "document",
        source: { type: "base64", media_type: "application/pdf", data: "JVBERg==" },
        title: "doc://1.pdf",
      },
      { type: "text", text: "Resource bin://1: 4 bytes of binary data, not shown" },
      { type: "text", text: "Resource link: r.csv <file:///r.csv> (text/csv, 9 bytes)" },
    ]);
    expect(out.warnings.map((warning) => warning.code)).toEqual([
      "result-image-described",
      "result-audio-described",
    ]);
  });

  it("an empty result still has content (the API rejects an empty error result)", () => {
    const out = convertToolResults(
      [call("a"), call("b")],
      [result("a", []), result("b", [text("")], "tool-error")],
    );
    expect(out.message.content.map((block) => block.content)).toEqual([
      [{ type: "text", text: "(empty result)" }],
      [{ type: "text", text: "(empty result)" }],
    ]);
  });

  it("answers a duplicate id once, carrying both answers, and a call without a result", () => {
    const calls = [call("x", "a"), call("x", "b", { duplicateId: true }), call("y")];
    const out = convertToolResults(calls, [
      result("x", [text("first")]),
      result("x", [text("not run")], "malformed-call"),
    ]);
    expect(out.message.content.map((block) => block.tool_use_id)).toEqual(["x", "y"]);
    expect(out.message.content[0]).toMatchObject({ is_error: true });
    expect(out.message.content[0]?.content).toEqual([
      { type: "text", text: "first" },
      { type: "text", text: "Another call in this turn reused the id x (b):" },
      { type: "text", text: "not run" },
    ]);
    expect(out.message.content[1]).toMatchObject({
      is_error: true,
      content: [{ type: "text", text: expect.stringContaining("No result") }],
    });
  });

  it("property: any mix of outcomes and contents is accepted after the assistant turn", () => {
    const part = fc.constantFrom<ToolContent>(
      text("t"),
      text(""),
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "audio", data: "AA==", mimeType: "audio/mp3" },
      { type: "resource_link", uri: "u://1", name: "one" },
    );
    const outcome = fc.constantFrom<ToolOutcome>("ok", "tool-error", "timeout", "unknown-tool", "aborted");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d"), outcome, fc.array(part, { maxLength: 3 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (rows) => {
          const seen = new Set<string>();
          const calls = rows.map(([id]) => {
            const duplicate = seen.has(id);
            seen.add(id);
            return call(id, "srv__t", duplicate ? { duplicateId: true } : {});
          });
          const results = rows.map(([id, kind, content]) => result(id, content, kind));
          const out = convertToolResults(calls, results);
          // The assistant turn cannot hold duplicate ids either; the provider sees each id once.
          const unique = calls.filter((c) => c.duplicateId !== true);
          expect(accepted(unique, out.message)).toBe(true);
          expect(out.message.content).toHaveLength(unique.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});
