import type { CountTokensSupport } from "../provider-module.js";
import { countRequest } from "../shared/count-request.js";

/** Anthropic counts a request's input exactly (`messages.countTokens`), tools included. */
export const anthropicCountTokens: CountTokensSupport = {
  supported: true,
  variable: "ANTHROPIC_API_KEY",
  source: "anthropic count_tokens",
  async counter({ model, probe, env, fetch }) {
    const { createAnthropicClient } = await import("./anthropic-api.js");
    const client = createAnthropicClient({ env, ...(fetch === undefined ? {} : { fetch }) });
    return (tools) =>
      countRequest("Anthropic count_tokens", async () => {
        const body = {
          model,
          messages: [{ role: "user" as const, content: probe }],
          ...(tools === undefined ? {} : { tools: tools as never }),
        };
        return (await client.messages.countTokens(body)).input_tokens;
      });
  },
};
