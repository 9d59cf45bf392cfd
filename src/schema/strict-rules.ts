import {
  anthropicStrictFormats,
  anthropicStrictKeywords,
  anthropicStrictUnsupported,
} from "../providers/rules/anthropic.js";
import { openaiStrictFormats, openaiStrictKeywords } from "../providers/rules/openai.js";
import type { StrictRules } from "./repair-strict.js";
import { anthropicStrictLimitProblem, openAIStrictLimitProblem } from "./strict-limits.js";

/**
 * Anthropic `strict: true` (docs/provider-rules.md#anthropic-strict): numeric bounds, string lengths and array bounds other than
 * `minItems` 0/1 move to the description, complex enum members are rejected (rule 4). Optional properties stay
 * optional (≤24 per request, and every nullable union counts against ≤16). Untyped nodes and arrays without items
 * are not on Anthropic's unsupported list: they pass as they are.
 */
export const ANTHROPIC_STRICT: StrictRules = {
  label: "Anthropic strict tool use",
  keywords: new Set(anthropicStrictKeywords.values),
  formats: anthropicStrictFormats.values,
  maxMinItems: anthropicStrictUnsupported.maxMinItems,
  scalarEnums: true,
  splitTypeLists: false,
  requireAll: false,
  needs: { typed: false, items: false },
  limitProblem: anthropicStrictLimitProblem,
  limitWarning: (problem) => `${problem}: this tool alone exceeds Anthropic strict limits`,
};

/**
 * OpenAI strict (`strict: true`; the Responses API default, docs/provider-rules.md#openai-strict): every property required with
 * optional ones made nullable, `anyOf` instead of type lists. An untyped value or an array without items accepts
 * any JSON, which strict mode cannot say: the tool is quarantined and sent with `strict: false`.
 */
export const OPENAI_STRICT: StrictRules = {
  label: "OpenAI strict mode",
  keywords: new Set(openaiStrictKeywords.values),
  formats: openaiStrictFormats.values,
  scalarEnums: false,
  splitTypeLists: true,
  requireAll: true,
  needs: { typed: true, items: true },
  limitProblem: openAIStrictLimitProblem,
  limitWarning: (problem) => `${problem} exceeds OpenAI strict limits`,
};
