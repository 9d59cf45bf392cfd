import type { CountTokensSupport } from "../provider-module.js";
import { countRequest } from "../shared/count-request.js";

/** OpenAI counts a Responses request's input exactly (`responses.inputTokens.count`), tools included. */
export const openaiResponsesCountTokens: CountTokensSupport = {
  supported: true,
  variable: "OPENAI_API_KEY",
  source: "openai responses/input_tokens",
  async counter({ model, probe, env, fetch }) {
    const { createOpenAIResponsesClient } = await import("./openai-responses-api.js");
    const client = createOpenAIResponsesClient({ env, ...(fetch === undefined ? {} : { fetch }) });
    return (tools) =>
      countRequest("OpenAI responses/input_tokens", async () => {
        const body = { model, input: probe, ...(tools === undefined ? {} : { tools: tools as never }) };
        return (await client.responses.inputTokens.count(body)).input_tokens;
      });
  },
};
