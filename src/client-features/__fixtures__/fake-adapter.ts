import type { ModelAdapter, ModelRequest, ModelResponse } from "../../spec/model-adapter.js";

/** An adapter that records requests and answers with a fixed response (no network). */
export function fakeAdapter(
  model: string,
  answer: Partial<ModelResponse> = {},
): ModelAdapter & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    provider: "anthropic",
    model,
    wire: "anthropic",
    target: "anthropic",
    requests,
    async generate(request) {
      requests.push(request);
      return {
        response: {},
        text: "",
        toolCalls: [],
        toolCallCount: 0,
        finishReason: "stop",
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
        warnings: [],
        ...answer,
      };
    },
    userMessage: (text) => ({ role: "user", content: text }),
    appendAssistant: (transcript) => [...transcript],
    convertToolResults: () => ({ append: [], warnings: [] }),
    appendToolResults: (transcript, append) => [...transcript, ...append],
  };
}

export function scriptedAsker(answers: (string | undefined)[]) {
  const said: string[] = [];
  const asked: string[] = [];
  return {
    said,
    asked,
    say: (text: string) => {
      said.push(text);
    },
    ask: async (question: string) => {
      asked.push(question);
      return answers.shift();
    },
  };
}
