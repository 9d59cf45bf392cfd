import type { ProviderFamily } from "./overheads.js";

/**
 * The model a report prices when the user names none: a current, widely used model of each provider
 * (docs/provider-rules.md#prices, 2026-11-30; Sonnet 4.5 reaches end of life that day). MCP is not a model provider, so it has
 * none. The one table of defaults: `cost`, `inspect`, `run` and `chat` all read it.
 */
export const DEFAULT_MODELS = {
  anthropic: "claude-sonnet-5",
  openai: "gpt-5",
  gemini: "gemini-2.5-flash",
  mcp: undefined,
} as const satisfies Readonly<Record<ProviderFamily, string | undefined>>;

/** When the defaults were last checked against the providers' model lists. */
export const DEFAULT_MODELS_CHECKED_ON = "2026-11-30";

export function defaultModelFor(family: ProviderFamily): string | undefined {
  return DEFAULT_MODELS[family];
}
