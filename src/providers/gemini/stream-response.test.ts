import type { GenerateContentResponse } from "@google/genai";
import { describe, expect, it } from "vitest";
import { StreamInterruptedError } from "../../errors.js";
import { readToolCalls } from "./read-tool-calls.js";
import { geminiStreamAssembler, readGeminiStream } from "./stream-response.js";

const chunk = (
  parts: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
  top: Record<string, unknown> = {},
) =>
  ({
    candidates: [{ content: { parts, role: "model" }, index: 0, ...extra }],
    ...top,
  }) as unknown as GenerateContentResponse;

async function* iterate(chunks: GenerateContentResponse[]) {
  for (const item of chunks) yield item;
}

describe("geminiStreamAssembler", () => {
  it("joins text pieces, keeps signatures and calls in place, and ids calls as readToolCalls does", () => {
    const assembler = geminiStreamAssembler();
    const events = [
      chunk([{ text: "plan", thought: true }]),
      chunk([{ text: "Hel" }]),
      chunk([{ text: "lo" }]),
      chunk([{ functionCall: { name: "f", args: { a: 1 } }, thoughtSignature: "s1" }]),
      chunk([{ functionCall: { name: "g", args: { b: 2 } } }]),
      chunk(
        [{ text: "", thoughtSignature: "s2" }],
        { finishReason: "STOP" },
        { usageMetadata: { totalTokenCount: 9 } },
      ),
    ].flatMap((item) => assembler.push(item));
    const response = assembler.result();
    expect(assembler.finished).toBe(true);
    expect(response.candidates?.[0]?.content?.parts).toEqual([
      { text: "plan", thought: true },
      { text: "Hello" },
      { functionCall: { name: "f", args: { a: 1 } }, thoughtSignature: "s1" },
      { functionCall: { name: "g", args: { b: 2 } } },
      { text: "", thoughtSignature: "s2" },
    ]);
    expect(response.candidates?.[0]?.finishReason).toBe("STOP");
    expect(response.usageMetadata).toEqual({ totalTokenCount: 9 });
    const calls = readToolCalls(response);
    expect(events.filter((event) => event.type === "tool-call-end")).toEqual(
      calls.map((call, index) => ({ type: "tool-call-end", index, call })),
    );
    expect(calls.map((call) => call.id)).toEqual(["function_call_2", "function_call_3"]);
    expect(events.slice(0, 3)).toEqual([
      { type: "reasoning-delta", text: "plan" },
      { type: "text-delta", text: "Hel" },
      { type: "text-delta", text: "lo" },
    ]);
    expect(events[4]).toEqual({
      type: "tool-call-delta",
      index: 0,
      callId: "function_call_2",
      argumentsDelta: '{"a":1}',
    });
  });

  it("has no partial when nothing replayable arrived", () => {
    const assembler = geminiStreamAssembler();
    assembler.push(chunk([{ text: "" }]));
    expect(assembler.interrupted()).toEqual({ unfinished: [] });
  });
});

describe("readGeminiStream", () => {
  it("treats a stream that ends without a finish reason as interrupted, keeping the text", async () => {
    const error = await readGeminiStream(iterate([chunk([{ text: "Hi" }])]), () => {}).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StreamInterruptedError);
    const { partial } = (error as StreamInterruptedError<GenerateContentResponse>).interrupted;
    expect(partial?.text).toBe("Hi");
    expect(partial?.finishReason).toBe("other");
    expect(partial?.response.candidates?.[0]?.finishReason).toBeUndefined();
  });
});
