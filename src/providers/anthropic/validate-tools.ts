import type { ProviderRequestError } from "../../spec/provider-error.js";
import { PROFILES } from "../profiles.js";
import { anthropicStrictProblem, strictBudget } from "../validation/anthropic-strict.js";
import { metaSchemaErrors } from "../validation/json-schema-meta.js";
import { hasOwn, isRecord, type JsonRecord } from "../validation/json-values.js";
import { anthropicError } from "../validation/provider-errors.js";
import { anthropicCacheBreakpoints, anthropicStrictLimits } from "../validation/rules-data.js";

export interface AnthropicToolValidationOptions {
  /** The name pattern's bound: 128 today, 64 before 2026 (docs/provider-rules.md#anthropic-tools rule 1). Defaults to the profile. */
  nameMaxLength?: 64 | 128;
  /**
   * Emulates `The compiled grammar is too large…` (regression #6) once more than this many tools are strict.
   * Off by default: the real ceiling depends on the model and the schemas and is not published.
   */
  strictGrammarToolLimit?: number;
}

const CUSTOM_KEYS = new Set([
  "type",
  "name",
  "description",
  "input_schema",
  "cache_control",
  "strict",
  "defer_loading",
  "input_examples",
  "allowed_callers",
  "eager_input_streaming",
]);

/** Server tools are versioned by date (`tool_search_tool_regex_20251119`, `web_search_20250305`, …). */
const SERVER_TOOL_TYPE = /^[a-z][a-z0-9_]*_\d{8}$/;

const INVALID_SCHEMA =
  "JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.anthropic.com/en/docs/tool-use.";

/** A tool as the request-level checks see it, whether custom or server. */
interface SeenTool {
  index: number;
  name: unknown;
  strict: boolean;
  deferred: boolean;
  cached: boolean;
  strictSchema?: JsonRecord;
  hasExamples: boolean;
  isToolSearch: boolean;
}

/**
 * Validates a Messages API `tools` array the way Anthropic does (docs/provider-rules.md#anthropic-tools, #anthropic-strict, #anthropic-tool-search, #anthropic-caching):
 * per-tool field errors (`tools.N.custom.<field>: …`), then each `input_schema`, then the rules that span
 * the whole array. `cache_control` is counted within `tools` only; the caller adds the rest of the request.
 */
export function validateAnthropicTools(
  tools: unknown,
  options: AnthropicToolValidationOptions = {},
): ProviderRequestError[] {
  if (!Array.isArray(tools)) return [anthropicError("tools: Input should be a valid list")]; // [U]
  const maxLength = options.nameMaxLength ?? PROFILES.anthropic.name.maxLength;
  const namePattern = `^[${PROFILES.anthropic.name.allowedChars}]{1,${maxLength}}$`;
  const nameRegex = new RegExp(namePattern);
  const errors: string[] = [];
  const seen: SeenTool[] = [];
  tools.forEach((tool, index) => {
    if (!isRecord(tool)) {
      errors.push(`tools.${index}: Input should be a valid dictionary`); // [U]
      return;
    }
    const type = tool.type;
    if (type !== undefined && type !== "custom") {
      if (typeof type === "string" && (SERVER_TOOL_TYPE.test(type) || type === "mcp_toolset")) {
        seen.push(seenTool(tool, index, type.startsWith("tool_search_tool_")));
      } else {
        // [U] pydantic's discriminator wording, without the (long, drifting) list of expected tags.
        errors.push(
          `tools.${index}: Input tag '${String(type)}' found using 'type' does not match any of the expected tags`,
        );
      }
      return;
    }
    const fieldErrors = customFieldErrors(tool, `tools.${index}.custom`, namePattern, nameRegex);
    errors.push(...fieldErrors);
    const entry = seenTool(tool, index, false);
    seen.push(entry);
    if (fieldErrors.length > 0 || !isRecord(tool.input_schema)) return;
    const schemaError = inputSchemaError(tool.input_schema, `tools.${index}.custom`);
    if (schemaError) {
      errors.push(schemaError);
      return;
    }
    if (tool.strict === true) {
      const problem = anthropicStrictProblem(tool.input_schema);
      if (problem !== undefined) errors.push(`tools.${index}.custom: ${problem}`);
      entry.strictSchema = tool.input_schema;
    }
  });
  errors.push(...requestLevelErrors(seen, tools.length, options));
  return errors.map(anthropicError);
}

function seenTool(tool: JsonRecord, index: number, isToolSearch: boolean): SeenTool {
  return {
    index,
    name: tool.name,
    strict: tool.strict === true,
    deferred: tool.defer_loading === true,
    cached: isRecord(tool.cache_control),
    hasExamples: Array.isArray(tool.input_examples) && tool.input_examples.length > 0,
    isToolSearch,
  };
}

/** Pydantic-style field errors for one custom tool. Only the name pattern text is observed; the rest is [U]. */
function customFieldErrors(tool: JsonRecord, at: string, namePattern: string, nameRegex: RegExp): string[] {
  const errors: string[] = [];
  for (const key of Object.keys(tool)) {
    if (!CUSTOM_KEYS.has(key)) errors.push(`${at}.${key}: Extra inputs are not permitted`);
  }
  if (!hasOwn(tool, "name")) errors.push(`${at}.name: Field required`);
  else if (typeof tool.name !== "string") errors.push(`${at}.name: Input should be a valid string`);
  else if (!nameRegex.test(tool.name)) {
    errors.push(`${at}.name: String should match pattern '${namePattern}'`); // [O] github/copilot-cli#1879
  }
  if (tool.description !== undefined && typeof tool.description !== "string") {
    errors.push(`${at}.description: Input should be a valid string`);
  }
  if (!hasOwn(tool, "input_schema")) errors.push(`${at}.input_schema: Field required`);
  else if (!isRecord(tool.input_schema))
    errors.push(`${at}.input_schema: Input should be a valid dictionary`);
  errors.push(...cacheControlErrors(tool.cache_control, `${at}.cache_control`));
  for (const key of ["strict", "defer_loading", "eager_input_streaming"]) {
    const value = tool[key];
    if (value !== undefined && value !== null && typeof value !== "boolean") {
      errors.push(`${at}.${key}: Input should be a valid boolean`);
    }
  }
  const examples = tool.input_examples;
  if (examples !== undefined && examples !== null) {
    if (!Array.isArray(examples)) errors.push(`${at}.input_examples: Input should be a valid list`);
    else {
      examples.forEach((example, i) => {
        if (!isRecord(example)) errors.push(`${at}.input_examples.${i}: Input should be a valid dictionary`);
      });
    }
  }
  return errors;
}

function cacheControlErrors(value: unknown, at: string): string[] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) return [`${at}: Input should be a valid dictionary`];
  const errors: string[] = [];
  if (value.type !== "ephemeral") errors.push(`${at}.type: Input should be 'ephemeral'`);
  if (value.ttl !== undefined && value.ttl !== "5m" && value.ttl !== "1h") {
    errors.push(`${at}.ttl: Input should be '5m' or '1h'`);
  }
  return errors;
}

/** Root combinators, root type, then 2020-12 well-formedness. */
function inputSchemaError(schema: JsonRecord, at: string): string | undefined {
  if (["oneOf", "allOf", "anyOf"].some((key) => hasOwn(schema, key))) {
    // [O] anthropics/claude-code#5319, #5973. Checked before `type`: the observed case had no root type.
    return `${at}.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`;
  }
  if (!hasOwn(schema, "type")) return `${at}.input_schema.type: Field required`; // [U]
  if (schema.type !== "object") return `${at}.input_schema.type: Input should be 'object'`; // [U]
  // [O] acomagu/vscode-as-mcp-server#6; which constructs trigger it is [U]: we use the 2020-12 meta-schema.
  if (metaSchemaErrors(schema).length > 0) return `${at}.input_schema: ${INVALID_SCHEMA}`;
  return undefined;
}

function requestLevelErrors(
  seen: readonly SeenTool[],
  toolCount: number,
  options: AnthropicToolValidationOptions,
): string[] {
  const errors: string[] = [];
  const names = seen.map((tool) => tool.name).filter((name): name is string => typeof name === "string");
  if (new Set(names).size !== names.length) errors.push("tools: Tool names must be unique."); // [O] forgecode#892
  if (toolCount > 0 && seen.length === toolCount && seen.every((tool) => tool.deferred)) {
    errors.push("All tools have defer_loading set. At least one tool must be non-deferred."); // [D] tool-search docs
  }
  if (seen.some((tool) => tool.isToolSearch)) {
    const withExamples = seen.find((tool) => tool.hasExamples);
    if (withExamples) {
      // [U] not observed: the docs say tool search is incompatible with input_examples (docs/provider-rules.md#anthropic-tools rule 7).
      errors.push(
        `tools.${withExamples.index}.custom.input_examples: input_examples cannot be used with tool search`,
      );
    }
  }
  const cached = seen.filter((tool) => tool.cached).length;
  if (cached > anthropicCacheBreakpoints.max) {
    // [O] tghamm/Anthropic.SDK#50
    errors.push(
      `A maximum of ${anthropicCacheBreakpoints.max} blocks with cache_control may be provided. Found ${cached}.`,
    );
  }
  errors.push(...strictLimitErrors(seen, options));
  return errors;
}

function strictLimitErrors(seen: readonly SeenTool[], options: AnthropicToolValidationOptions): string[] {
  const strictCount = seen.filter((tool) => tool.strict).length;
  if (strictCount === 0) return [];
  const budget = seen
    .flatMap((tool) => (tool.strictSchema ? [strictBudget(tool.strictSchema)] : []))
    .reduce(
      (sum, b) => ({
        optionalParams: sum.optionalParams + b.optionalParams,
        unionParams: sum.unionParams + b.unionParams,
      }),
      { optionalParams: 0, unionParams: 0 },
    );
  const limits = anthropicStrictLimits;
  if (
    strictCount > limits.strictTools ||
    budget.optionalParams > limits.optionalParams ||
    budget.unionParams > limits.unionParams
  ) {
    // [O] genkit-ai/genkit#5230: exceeding the documented limits yields this text.
    return [
      "Schema is too complex for compilation. Try reducing the number of tools or simplifying tool schemas.",
    ];
  }
  if (options.strictGrammarToolLimit !== undefined && strictCount > options.strictGrammarToolLimit) {
    // [O] anthropics/anthropic-sdk-typescript#885 (text); the trigger is an opt-in approximation.
    return [
      "The compiled grammar is too large, which would cause performance issues. Simplify your tool schemas or reduce the number of strict tools.",
    ];
  }
  return [];
}

/** Tools carrying `cache_control`, for the emulator to add to the breakpoints in system and messages. */
export function countToolCacheBreakpoints(tools: unknown): number {
  return Array.isArray(tools)
    ? tools.filter((tool) => isRecord(tool) && isRecord(tool.cache_control)).length
    : 0;
}
