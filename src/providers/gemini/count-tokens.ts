import type { CountTokensSupport } from "../provider-module.js";

/** No exact count: the SDK's `countTokens` sends only `contents`. */
export const geminiCountTokens: CountTokensSupport = {
  supported: false,
  reason:
    "exact counting of tools is not supported for Gemini: @google/genai's countTokens sends only `contents`, not tools",
};
