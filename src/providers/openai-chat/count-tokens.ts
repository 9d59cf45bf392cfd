import type { CountTokensSupport } from "../provider-module.js";

/** No exact count: OpenAI counts only Responses requests. */
export const openaiChatCountTokens: CountTokensSupport = {
  supported: false,
  reason:
    "exact counting is not supported for Chat Completions tools (OpenAI counts only Responses requests); try --provider openai-responses",
};
