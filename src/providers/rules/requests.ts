import type { DatedSource } from "../../spec/provider-profile.js";

/** Request-level rules across providers, as dated data. Re-check them whenever a provider changes its docs. */

const CHECKED = "2026-11-30";

/**
 * Context windows (input + output tokens a request may span) by model-id prefix, longest prefix first, and per
 * provider family when the model is not listed. Used to say how much of the window the tool definitions take.
 * Conservative where a larger window needs an opt-in (Anthropic's 1M beta): a warning that fires early is cheaper
 * than a request that fails.
 */
export const contextWindows = {
  byPrefix: [
    ["gpt-4.1", 1_047_576],
    ["gpt-4o", 128_000],
    ["gpt-5", 400_000],
    ["o3", 200_000],
    ["o4", 200_000],
    ["claude-", 200_000],
    ["gemini-", 1_048_576],
  ] as readonly (readonly [prefix: string, tokens: number])[],
  byFamily: { anthropic: 200_000, openai: 128_000, gemini: 1_048_576 } as Readonly<Record<string, number>>,
  checkedOn: CHECKED,
  source:
    "[S] provider model pages (Anthropic models overview: 200k standard, 1M beta; OpenAI model pages; Gemini models page)",
};

/**
 * Request-level limits checked where the request is built (toolset/request-limits.ts). `warnShare`: the share of
 * the context window the tool definitions may take before switchboard warns; above half, a long conversation or
 * a large tool result can no longer fit, and the cost of every request is mostly tool definitions. Anthropic
 * documents no cap on plain tools (10,000 with tool search); the OpenAI and Gemini caps are on the profiles.
 */
export const requestLimits = {
  warnShare: 0.5,
  checkedOn: CHECKED,
  source: "docs/provider-rules.md#summary (max tools row), #openai-tools rule 2, #gemini-declarations rule 4",
} as const satisfies DatedSource & Record<string, unknown>;
