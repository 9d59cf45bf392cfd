import { anthropicToolPrompt } from "../providers/rules/anthropic.js";
import type { ProviderFamily } from "../spec/provider-error.js";
import { lookupModel } from "./model-lookup.js";

/**
 * Fixed token overheads the providers add around a tools array, as dated data (docs/provider-rules.md#anthropic-tokens, #openai-tokens, #gemini-caching,
 * read 2026-11-30). These numbers drift per model and per docs revision: keep the date and the source with
 * every one, and re-check them when a provider changes its pages.
 */

/** Who runs the API (one definition, in `spec/`). */
export type { ProviderFamily };

/** `tool_choice` as the overhead tables distinguish it. */
export type ToolChoice = "auto" | "none" | "any" | "tool";

export const OVERHEADS_CHECKED_ON = "2026-11-30";

/** Hidden tool-use system prompt, in tokens, added when at least one tool is present: [auto|none, any|tool]. */
export const ANTHROPIC_TOOL_PROMPT = {
  checkedOn: OVERHEADS_CHECKED_ON,
  source: anthropicToolPrompt.source,
  tokens: anthropicToolPrompt.tokens,
  /** Used for a model missing from the table; the report says so. [U] */
  fallbackModel: anthropicToolPrompt.fallbackModel,
} as const;

/**
 * Newer Claude models tokenise the same text into about 30 % more tokens than earlier ones; `o200k_base` is close
 * to the earlier vocabulary (one sample: 33 vs 35 tokens, docs/provider-rules.md#tokenizers), so text counts are scaled for these.
 */
export const ANTHROPIC_NEW_TOKENIZER = {
  checkedOn: OVERHEADS_CHECKED_ON,
  source:
    "Anthropic token-counting docs [D]: Opus >= 4.7, Sonnet 5 and Fable/Mythos 5 use a newer tokenizer, ≈30 % more tokens (docs/provider-rules.md#anthropic-tokens)",
  factor: 1.3,
  models: ["claude-opus-4-7", "claude-opus-4-8", "claude-opus-5", "claude-sonnet-5", "claude-sonnet-5-5"],
} as const;

/**
 * OpenAI renders functions into a hidden TypeScript-like namespace; the cookbook approximation adds 7 tokens per
 * function and 12 per request (gpt-4o/4o-mini). The estimate here counts each definition's JSON, which runs
 * somewhat higher than the rendered text, plus this framing.
 */
export const OPENAI_FUNCTION_FRAMING = {
  checkedOn: OVERHEADS_CHECKED_ON,
  source:
    "openai-cookbook How_to_count_tokens_with_tiktoken, func_init/func_end [D] (docs/provider-rules.md#openai-tokens)",
  perFunction: 7,
  perRequest: 12,
} as const;

export const GEMINI_OVERHEAD = {
  checkedOn: OVERHEADS_CHECKED_ON,
  source:
    "no fixed tool overhead is documented for Gemini (docs/provider-rules.md#gemini-caching); counted as 0",
} as const;

export interface OverheadPart {
  label: string;
  tokens: number;
  per: "request" | "tool";
  checkedOn: string;
  source: string;
}

export interface Overheads {
  /** Added to every tool's own count. */
  perTool: number;
  /** Added once per request that carries at least one tool. */
  perRequest: number;
  /** Multiplies tokens counted from text (the tool JSON), not the table values, which are already in model tokens. */
  textFactor: number;
  parts: OverheadPart[];
  /** Caveats about this estimate (model missing from a table, undocumented overheads). */
  notes: string[];
}

/** The documented overheads for one provider family and model. Pure; the tables above are the only input. */
export function overheadsFor(
  family: ProviderFamily,
  model: string,
  toolChoice: ToolChoice = "auto",
): Overheads {
  switch (family) {
    case "anthropic":
      return anthropicOverheads(model, toolChoice);
    case "openai":
      return {
        perTool: OPENAI_FUNCTION_FRAMING.perFunction,
        perRequest: OPENAI_FUNCTION_FRAMING.perRequest,
        textFactor: 1,
        parts: [
          {
            label: "per-function framing",
            tokens: OPENAI_FUNCTION_FRAMING.perFunction,
            per: "tool",
            ...dated(OPENAI_FUNCTION_FRAMING),
          },
          {
            label: "functions block end",
            tokens: OPENAI_FUNCTION_FRAMING.perRequest,
            per: "request",
            ...dated(OPENAI_FUNCTION_FRAMING),
          },
        ],
        notes: [
          "OpenAI renders tools as TypeScript-like text; counting their JSON runs higher (1.4× on a 40-tool Smithery sample, measured 2026-11-30)",
        ],
      };
    case "gemini":
      return {
        perTool: 0,
        perRequest: 0,
        textFactor: 1,
        parts: [],
        notes: [GEMINI_OVERHEAD.source, "no offline Gemini tokenizer exists; o200k_base is a stand-in"],
      };
    case "mcp":
      return {
        perTool: 0,
        perRequest: 0,
        textFactor: 1,
        parts: [],
        notes: ["MCP tools/list bytes; no model adds overhead"],
      };
  }
}

function anthropicOverheads(model: string, toolChoice: ToolChoice): Overheads {
  const notes: string[] = ["no offline tokenizer exists for current Claude models; o200k_base is a stand-in"];
  const found = lookupModel(ANTHROPIC_TOOL_PROMPT.tokens, model);
  const fallback = ANTHROPIC_TOOL_PROMPT.tokens[ANTHROPIC_TOOL_PROMPT.fallbackModel] ?? [0, 0];
  if (found === undefined) {
    notes.push(
      `${model} is not in the tool-prompt table; using ${ANTHROPIC_TOOL_PROMPT.fallbackModel}'s numbers`,
    );
  }
  const [auto, forced] = found?.value ?? fallback;
  const forcedChoice = toolChoice === "any" || toolChoice === "tool";
  const newTokenizer = lookupModel(
    Object.fromEntries(ANTHROPIC_NEW_TOKENIZER.models.map((id) => [id, true])),
    model,
  );
  if (newTokenizer !== undefined) {
    notes.push(
      `${model} uses Anthropic's newer tokenizer: text counts scaled by ${ANTHROPIC_NEW_TOKENIZER.factor}`,
    );
  }
  return {
    perTool: 0,
    perRequest: forcedChoice ? forced : auto,
    textFactor: newTokenizer === undefined ? 1 : ANTHROPIC_NEW_TOKENIZER.factor,
    parts: [
      {
        label: `hidden tool-use system prompt (tool_choice ${forcedChoice ? "any/tool" : "auto/none"})`,
        tokens: forcedChoice ? forced : auto,
        per: "request",
        ...dated(ANTHROPIC_TOOL_PROMPT),
      },
    ],
    notes,
  };
}

function dated(data: { checkedOn: string; source: string }): { checkedOn: string; source: string } {
  return { checkedOn: data.checkedOn, source: data.source };
}
