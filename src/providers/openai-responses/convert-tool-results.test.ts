import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolCall, ToolContent, ToolOutcome, ToolResult } from "../../spec/tool-call.js";
import { convertToolResults } from "./convert-tool-results.js";
import { validateOpenAIResponsesMessages } from "./validate-messages.js";

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

function accepted(calls: ToolCall[], items: unknown[]): boolean {
  const input = [
    { role: "user", content: "go" },
    ...calls.map((c) => ({ type: "function_call", call_id: c.id, name: c.name, arguments: "{}" })),
    ...items,
  ];
  return validateOpenAIResponsesMessages({ input }).length === 0;
}

describe("openai-responses convertToolResults", () => {
  it("one function_call_output per call_id; text-only output is a string; errors marked", () => {
    const calls = [call("a"), call("b"), call("c")];
    const out = convertToolResults(calls, [
      result("a", [text("fine")]),
      result("b", [text("disk full")], "tool-error"),
      result("c", [text('There is no tool named "x"')], "unknown-tool"),
    ]);
    expect(out.items).toEqual([
      { type: "function_call_output", call_id: "a", output: "fine" },
      { type: "function_call_output", call_id: "b", output: "Tool error: disk full" },
      {
        type: "function_call_output",
        call_id: "c",
        output: 'Error (unknown-tool): There is no tool named "x"',
      },
    ]);
    expect(accepted(calls, out.items)).toBe(true);
  });

  it("images travel as input_image data URLs, PDFs as input_file, audio is described", () => {
    const out = convertToolResults(
      [call("a")],
      [
        result(
          "a",
          [
            text("look"),
            { type: "image", data: PNG, mimeType: "image/png" },
            { type: "image", data: "AAAA", mimeType: "image/bmp" },
            { type: "audio", data: "AAAA", mimeType: "audio/wav" },
            { type: "resource", uri: "docs/report.pdf", mimeType: "application/pdf", blob: "JVBERg==" },
            { type: "resource", uri: "img://dot", mimeType: "image/gif", blob: "R0lG" },
          ],
          "tool-error",
        ),
      ],
    );
    expect(out.items[0]?.output).toEqual([
      { type: "input_text", text: "Tool error: look" },
      { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "auto" },
      {
        type: "input_text",
        text: "[image result (image/bmp, 3 bytes) omitted: input_image accepts png, jpeg, webp and gif]",
      },
      {
        type: "input_text",
        text: "[audio result (audio/wav, 3 bytes) omitted: function_call_output cannot carry audio]",
      },
      { type: "input_text", text: "Resource docs/report.pdf (application/pdf):" },
      { type: "input_file", filename: "report.pdf", file_data: "data:application/pdf;base64,JVBERg==" },
      { type: "input_text", text: "Resource img://dot (image/gif):" },
      { type: "input_image", image_url: "data:image/gif;base64,R0lG", detail: "auto" },
    ]);
    expect(out.warnings.map((warning) => warning.code)).toEqual([
      "result-image-described",
      "result-audio-described",
    ]);
  });

  it("marks an error whose first part is an image with a leading text part", () => {
    const out = convertToolResults(
      [call("a")],
      [result("a", [{ type: "image", data: PNG, mimeType: "image/png" }], "tool-error")],
    );
    expect(out.items[0]?.output).toEqual([
      { type: "input_text", text: "Tool error:" },
      { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "auto" },
    ]);
  });

  it("empty content, duplicate ids and missing results", () => {
    const calls = [call("x"), call("x", "srv__u", { duplicateId: true }), call("y")];
    const out = convertToolResults(calls, [
      result("x", []),
      result("x", [text("not run")], "malformed-call"),
    ]);
    expect(out.items).toEqual([
      {
        type: "function_call_output",
        call_id: "x",
        output:
          "(empty result)\nAnother call in this turn reused the id x (srv__u):\nError (malformed-call): not run",
      },
      {
        type: "function_call_output",
        call_id: "y",
        output: 'Error: no result was produced for the call to "srv__t".',
      },
    ]);
  });

  it("property: every call_id gets exactly one output", () => {
    const part = fc.constantFrom<ToolContent>(text("t"), { type: "image", data: PNG, mimeType: "image/png" });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("c1", "c2", "c3"),
            fc.constantFrom<ToolOutcome>("ok", "tool-error", "timeout"),
            fc.array(part, { maxLength: 2 }),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (rows) => {
          const seen = new Set<string>();
          const calls = rows.map(([id]) => {
            const duplicate = seen.has(id);
            seen.add(id);
            return call(id, "srv__t", duplicate ? { duplicateId: true } : {});
          });
          const out = convertToolResults(
            calls,
            rows.map(([id, kind, content]) => result(id, content, kind)),
          );
          const unique = calls.filter((c) => c.duplicateId !== true);
          expect(out.items.map((item) => item.call_id)).toEqual(unique.map((c) => c.id));
          expect(accepted(unique, out.items)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
