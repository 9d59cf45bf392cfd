import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolCall, ToolContent, ToolOutcome, ToolResult } from "../../spec/tool-call.js";
import { convertToolResults } from "./convert-tool-results.js";
import { validateGeminiMessages } from "./validate-messages.js";

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

function accepted(calls: ToolCall[], content: unknown): boolean {
  const model = {
    role: "model",
    parts: calls.map((c) => ({
      functionCall: { ...(c.syntheticId ? {} : { id: c.id }), name: c.name, args: {} },
    })),
  };
  return (
    validateGeminiMessages({ contents: [{ role: "user", parts: [{ text: "go" }] }, model, content] })
      .length === 0
  );
}

describe("gemini convertToolResults", () => {
  it("one functionResponse per functionCall with output or error, ids only when the call had one", () => {
    const calls = [call("fc-1", "s__a"), call("function_call_1", "s__b", { syntheticId: true })];
    const out = convertToolResults(calls, [
      result("fc-1", [text("fine")]),
      result("function_call_1", [text("disk full")], "tool-error"),
    ]);
    expect(out.content).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "s__a", response: { output: "fine" }, id: "fc-1" } },
        { functionResponse: { name: "s__b", response: { error: "disk full" } } },
      ],
    });
    expect(accepted(calls, out.content)).toBe(true);
  });

  it("describes media in text by default, with warnings; inlineMedia attaches them as parts", () => {
    const content: ToolContent[] = [
      text("see"),
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "resource", uri: "doc://a.pdf", mimeType: "application/pdf", blob: "JVBERg==" },
      { type: "resource", uri: "bin://x", blob: "AAAA" },
      { type: "resource_link", uri: "file:///r", name: "r" },
    ];
    const described = convertToolResults([call("a")], [result("a", content)]);
    expect(described.content.parts[0]?.functionResponse?.response).toEqual({
      output: [
        "see",
        "[image (image/png) result, 8 bytes, omitted: not sent to this model]",
        "[resource doc://a.pdf (application/pdf) result, 4 bytes, omitted: not sent to this model]",
        "Resource bin://x: 3 bytes of binary data, not shown",
        "Resource link: r <file:///r>",
      ].join("\n"),
    });
    expect(described.warnings.map((warning) => warning.code)).toEqual([
      "result-image-described",
      "result-resource-described",
    ]);

    const inline = convertToolResults([call("a")], [result("a", content)], { inlineMedia: true });
    const response = inline.content.parts[0]?.functionResponse;
    expect(response?.parts).toEqual([
      { inlineData: { mimeType: "image/png", data: PNG } },
      { inlineData: { mimeType: "application/pdf", data: "JVBERg==" } },
    ]);
    expect(response?.response?.output).toContain(
      "image (image/png): attached as part 1 of this function response",
    );
    expect(inline.warnings).toEqual([]);
  });

  it("answers every part, duplicates and missing results included, so the counts match", () => {
    const calls = [call("x"), call("x", "srv__u", { duplicateId: true }), call("y")];
    const out = convertToolResults(calls, [
      result("x", []),
      result("x", [text("not run")], "malformed-call"),
    ]);
    expect(out.content.parts.map((part) => part.functionResponse?.response)).toEqual([
      { output: "(empty result)" },
      { error: "not run" },
      { error: 'No result was produced for the call to "srv__t".' },
    ]);
  });

  it("property: the response count always equals the call count", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.constantFrom<ToolOutcome>("ok", "tool-error", "aborted")), {
          minLength: 1,
          maxLength: 8,
        }),
        (rows) => {
          const calls = rows.map(([hasId], index) =>
            call(
              hasId ? `fc-${index}` : `function_call_${index}`,
              `s__f${index % 2}`,
              hasId ? {} : { syntheticId: true },
            ),
          );
          const out = convertToolResults(
            calls,
            calls.map((c, index) => result(c.id, [text("r")], rows[index]![1])),
          );
          expect(out.content.parts).toHaveLength(calls.length);
          expect(accepted(calls, out.content)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
