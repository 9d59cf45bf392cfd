import { describe, expect, it } from "vitest";
import { fakeHost, text } from "./__fixtures__/fake-host.js";
import { answerResponse } from "./answer-response.js";

const host = () => fakeHost({ srv: [{ name: "echo", handler: (args) => text(String(args.say)) }] });

describe("answerResponse", () => {
  it("anthropic: reads, dispatches and converts into one user message", async () => {
    const h = host();
    const answer = await answerResponse(
      "anthropic",
      { content: [{ type: "tool_use", id: "t1", name: "srv__echo", input: { say: "hi" } }] },
      { toolset: h.toolset("anthropic"), host: h },
    );
    expect(answer.append).toEqual([
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "hi" }] }],
      },
    ]);
    expect(answer.calls).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({ outcome: "ok", server: "srv", tool: "echo" });
  });

  it("openai-chat, openai-responses and gemini", async () => {
    const h = host();
    const chat = await answerResponse(
      "openai-chat",
      {
        choices: [
          {
            message: {
              role: "assistant",
              tool_calls: [
                { id: "c1", type: "function", function: { name: "srv__echo", arguments: '{"say":"a"}' } },
              ],
            },
          },
        ],
      },
      { toolset: h.toolset("openai-chat"), host: h },
    );
    expect(chat.append).toEqual([{ role: "tool", tool_call_id: "c1", content: "a" }]);
    const responses = await answerResponse(
      "openai-responses",
      { output: [{ type: "function_call", call_id: "c2", name: "srv__echo", arguments: '{"say":"b"}' }] },
      { toolset: h.toolset("openai-responses"), host: h },
    );
    expect(responses.append).toEqual([{ type: "function_call_output", call_id: "c2", output: "b" }]);
    const gemini = await answerResponse(
      "gemini",
      {
        candidates: [
          {
            content: { role: "model", parts: [{ functionCall: { name: "srv__echo", args: { say: "c" } } }] },
          },
        ],
      },
      { toolset: h.toolset("gemini"), host: h },
    );
    expect(gemini.append).toEqual([
      { role: "user", parts: [{ functionResponse: { name: "srv__echo", response: { output: "c" } } }] },
    ]);
  });

  it("a response without calls needs nothing appended, and nothing runs", async () => {
    const h = host();
    const answer = await answerResponse(
      "anthropic",
      { content: [{ type: "text", text: "done" }] },
      { toolset: h.toolset(), host: h },
    );
    expect(answer).toEqual({ calls: [], results: [], append: [], warnings: [] });
    expect(h.calls).toEqual([]);
  });

  it("refuses a toolset built for another wire (its names would not match)", async () => {
    const h = host();
    await expect(
      answerResponse("openai-chat", { choices: [] }, { toolset: h.toolset("anthropic"), host: h }),
    ).rejects.toMatchObject({ code: "USAGE", message: expect.stringContaining("built for anthropic") });
  });

  it("returns conversion warnings", async () => {
    const h = fakeHost({
      srv: [
        {
          name: "pic",
          handler: () => ({ content: [{ type: "image", data: "AAAA", mimeType: "image/png" }] }),
        },
      ],
    });
    const answer = await answerResponse(
      "openai-chat",
      {
        role: "assistant",
        tool_calls: [{ id: "c", type: "function", function: { name: "srv__pic", arguments: "{}" } }],
      },
      { toolset: h.toolset("openai-chat"), host: h },
    );
    expect(answer.warnings.map((warning) => warning.code)).toEqual(["result-image-described"]);
  });
});
