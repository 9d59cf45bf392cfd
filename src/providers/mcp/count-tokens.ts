import type { CountTokensSupport } from "../provider-module.js";

/** Tools served to an MCP client reach no model of ours to count them. */
export const mcpCountTokens: CountTokensSupport = {
  supported: false,
  reason: "exact counting needs a model provider",
};
