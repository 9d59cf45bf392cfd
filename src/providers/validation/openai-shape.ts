import type { ProviderRequestError } from "../../spec/provider-error.js";
import { PROFILES } from "../profiles.js";
import { jsonTypeOf } from "./json-values.js";
import { openaiError } from "./provider-errors.js";

/**
 * Request-shape errors in OpenAI's wording: `Invalid 'param': …`, `Missing required parameter: 'param'.`,
 * `Invalid type for 'param': …`. Shared by Chat Completions and Responses, which differ only in `param` paths.
 */

const profile = PROFILES["openai-chat"];
/** The error text shows the pattern without a length bound; the length is its own check. */
const NAME_PATTERN_TEXT = `^[${profile.name.allowedChars}]+$`;
const NAME_PATTERN = new RegExp(NAME_PATTERN_TEXT);

export function missingParameter(param: string): ProviderRequestError {
  return openaiError(`Missing required parameter: '${param}'.`, param, "missing_required_parameter"); // [U] for tools
}

const ARTICLE_TYPE: Record<ReturnType<typeof jsonTypeOf>, string> = {
  null: "null",
  boolean: "a boolean",
  integer: "an integer",
  number: "a decimal",
  string: "a string",
  array: "an array",
  object: "an object",
};

/** [U] not observed for tools; the wording follows OpenAI's `invalid_type` errors on other fields. */
export function invalidType(param: string, expected: string, value: unknown): ProviderRequestError {
  return openaiError(
    `Invalid type for '${param}': expected ${expected}, but got ${ARTICLE_TYPE[jsonTypeOf(value)]} instead.`,
    param,
    "invalid_type",
  );
}

/** [U] not observed for tools; OpenAI's usual wording for an unexpected key. */
export function unknownParameter(param: string): ProviderRequestError {
  return openaiError(`Unknown parameter: '${param}'.`, param, "unknown_parameter");
}

/** The function-name rule (docs/provider-rules.md#openai-tools rule 1): string, non-empty, ≤64, `^[a-zA-Z0-9_-]+$`. */
export function nameError(name: unknown, param: string): ProviderRequestError | undefined {
  if (name === undefined || name === null) return missingParameter(param);
  if (typeof name !== "string") return invalidType(param, "a string", name);
  if (name.length === 0) {
    return openaiError(
      `Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
      param,
      "empty_string", // [U] not observed for names
    );
  }
  if (name.length > profile.name.maxLength) {
    // [O] microsoft/foundry-dev-tools#201; the code name is [U]
    return openaiError(
      `Invalid '${param}': string too long. Expected a string with maximum length ${profile.name.maxLength}, but got a string with length ${name.length} instead.`,
      param,
      "string_above_max_length",
    );
  }
  if (!NAME_PATTERN.test(name)) {
    // [O] coinbase/agentkit#217, brekkylab/ailoy#109 (code `invalid_value`)
    return openaiError(
      `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '${NAME_PATTERN_TEXT}'.`,
      param,
      "invalid_value",
    );
  }
  return undefined;
}

/** ≤128 tools [O zed-industries/zed#32946, code `array_above_max_length`]. */
export function toolsArrayError(tools: unknown): ProviderRequestError | undefined {
  if (!Array.isArray(tools)) return invalidType("tools", "an array of objects", tools);
  if (tools.length === 0) {
    // [U] not observed for tools: OpenAI's `empty_array` wording.
    return openaiError(
      "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      "tools",
      "empty_array",
    );
  }
  const max = profile.maxTools?.count;
  if (max !== undefined && tools.length > max) {
    return openaiError(
      `Invalid 'tools': array too long. Expected an array with maximum length ${max}, but got an array with length ${tools.length} instead.`,
      "tools",
      "array_above_max_length",
    );
  }
  return undefined;
}

/** Schema rejections carry the function name and this code [O mark3labs/mcphost#35]. */
export function schemaError(functionName: string, problem: string, param: string): ProviderRequestError {
  return openaiError(
    `Invalid schema for function '${functionName}': ${problem}`,
    param,
    "invalid_function_parameters",
  );
}
