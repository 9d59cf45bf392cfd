import { describe, expect, it } from "vitest";
import type { CreateMessageRequestParams } from "../connect/types.js";
import { fakeAdapter } from "./__fixtures__/fake-adapter.js";
import { createSamplingHandler, USER_REJECTED } from "./sampling-handler.js";

const context = () => ({ server: "srv", signal: new AbortController().signal });
const params: CreateMessageRequestParams = {
  messages: [{ role: "user", content: { type: "text", text: "hello" } }],
  systemPrompt: "Be brief.",
  maxTokens: 10_000,
};

describe("createSamplingHandler", () => {
  it("denies by default, without calling the model, with the spec's rejection", async () => {
    const adapter = fakeAdapter("m", { text: "never" });
    const answer = await createSamplingHandler({ models: [{ adapter }] })(params, context());
    expect(answer).toEqual({
      rejected: `${USER_REJECTED}: sampling is not allowed (no approval hook; policy deny)`,
    });
    expect(adapter.requests).toEqual([]);
  });

  it("asks the hook with a summary, and a no is a rejection", async () => {
    const adapter = fakeAdapter("m");
    const seen: unknown[] = [];
    const handler = createSamplingHandler({
      models: [{ adapter }],
      approval: (request) => {
        seen.push({
          server: request.server,
          model: request.model,
          last: request.lastMessage,
          max: request.maxTokens,
        });
        return "deny";
      },
      maxTokens: 500,
    });
    expect(await handler(params, context())).toEqual({ rejected: USER_REJECTED });
    expect(seen).toEqual([{ server: "srv", model: "anthropic/m", last: "hello", max: 500 }]);
  });

  it("answers through the adapter with the system prompt and the capped token limit", async () => {
    const adapter = fakeAdapter("m", { text: "hi there", finishReason: "length" });
    const answer = await createSamplingHandler({ models: [{ adapter }], approval: "allow", maxTokens: 64 })(
      params,
      context(),
    );
    expect(answer).toEqual({
      result: {
        role: "assistant",
        model: "m",
        stopReason: "maxTokens",
        content: { type: "text", text: "hi there" },
      },
    });
    expect(adapter.requests[0]).toMatchObject({
      system: "Be brief.",
      maxTokens: 64,
      messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
      tools: [],
    });
  });

  it("offers the server's tools under legal names and maps the model's calls back to the server's names", async () => {
    const adapter = fakeAdapter("m", {
      toolCalls: [{ id: "t1", name: "get_weather_now", arguments: { city: "Paris" } }],
      toolCallCount: 1,
      finishReason: "tool-calls",
    });
    const answer = await createSamplingHandler({ models: [{ adapter }], approval: "allow" })(
      {
        ...params,
        tools: [
          {
            name: "get.weather now",
            inputSchema: { type: "object", properties: { city: { type: "string" } } },
          },
        ],
        messages: [
          { role: "user", content: { type: "text", text: "weather?" } },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "t0", name: "get.weather now", input: { city: "Rome" } }],
          },
          {
            role: "user",
            content: [{ type: "tool_result", toolUseId: "t0", content: [{ type: "text", text: "sunny" }] }],
          },
        ],
      },
      context(),
    );
    const sent = adapter.requests[0]!;
    expect((sent.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["get_weather_now"]);
    expect(JSON.stringify(sent.messages[1])).toContain('"name":"get_weather_now"');
    expect(JSON.stringify(sent.messages[2])).toContain('"tool_use_id":"t0"');
    expect(answer).toEqual({
      result: {
        role: "assistant",
        model: "m",
        stopReason: "toolUse",
        content: [{ type: "tool_use", id: "t1", name: "get.weather now", input: { city: "Paris" } }],
      },
    });
  });

  it("reports a model failure as an error naming the model", async () => {
    const adapter = fakeAdapter("m");
    adapter.generate = async () => {
      throw new Error("HTTP 529 overloaded");
    };
    const events: unknown[] = [];
    const handler = createSamplingHandler({
      models: [{ adapter }],
      approval: "allow",
      onEvent: (event) => events.push(event),
    });
    await expect(handler(params, context())).rejects.toThrow(
      "Sampling with anthropic/m failed: HTTP 529 overloaded",
    );
    expect(events).toEqual([
      { server: "srv", model: "anthropic/m", outcome: "failed", detail: "HTTP 529 overloaded" },
    ]);
  });
});
