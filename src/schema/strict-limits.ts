import type { JsonObject, JsonValue } from "../spec/json.js";
import { isObject } from "./json-utils.js";
import { typesOf } from "./type-utils.js";
import { subschemasOf } from "./walk-schema.js";

/** OpenAI Structured Outputs size limits (docs/provider-rules.md#openai-strict rule 5), as dated data. */
export const OPENAI_STRICT_LIMITS = {
  maxObjectNesting: 10,
  maxProperties: 5000,
  maxEnumValues: 1000,
  largeEnumValues: 250,
  maxLargeEnumChars: 15_000,
  maxTotalChars: 120_000,
  checkedOn: "2026-11-30",
  source: "platform.openai.com structured-outputs#supported-schemas (older docs: 100 properties, 5 levels)",
} as const;

interface Tally {
  properties: number;
  enumValues: number;
  chars: number;
  largeEnum: boolean;
}

/** Characters of one enum or const value as OpenAI counts them (its text form). */
function valueChars(value: JsonValue): number {
  return typeof value === "string" ? value.length : JSON.stringify(value).length;
}

function objectNesting(node: JsonObject, tally: Tally): number {
  if (isObject(node.properties)) {
    for (const name of Object.keys(node.properties)) tally.chars += name.length;
    tally.properties += Object.keys(node.properties).length;
  }
  if (Array.isArray(node.enum)) {
    tally.enumValues += node.enum.length;
    const chars = node.enum.reduce<number>((sum, value) => sum + valueChars(value), 0);
    tally.chars += chars;
    if (
      node.enum.length > OPENAI_STRICT_LIMITS.largeEnumValues &&
      chars > OPENAI_STRICT_LIMITS.maxLargeEnumChars
    ) {
      tally.largeEnum = true;
    }
  }
  if (Object.hasOwn(node, "const")) tally.chars += valueChars(node.const as JsonValue);
  const deepest = Math.max(0, ...subschemasOf(node).map((child) => objectNesting(child, tally)));
  return deepest + (typesOf(node).includes("object") ? 1 : 0);
}

/** Why an already-strict schema is too big for OpenAI strict mode, or `undefined` when it fits. */
export function openAIStrictLimitProblem(root: JsonObject): string | undefined {
  const limits = OPENAI_STRICT_LIMITS;
  const tally: Tally = { properties: 0, enumValues: 0, chars: 0, largeEnum: false };
  const nesting = objectNesting(root, tally);
  if (nesting > limits.maxObjectNesting)
    return `objects nested ${nesting} levels deep (limit ${limits.maxObjectNesting})`;
  if (tally.properties > limits.maxProperties)
    return `${tally.properties} properties (limit ${limits.maxProperties})`;
  if (tally.enumValues > limits.maxEnumValues)
    return `${tally.enumValues} enum values (limit ${limits.maxEnumValues})`;
  if (tally.largeEnum)
    return `an enum over ${limits.largeEnumValues} values exceeds ${limits.maxLargeEnumChars} characters`;
  if (tally.chars > limits.maxTotalChars)
    return `${tally.chars} characters of names and enum values (limit ${limits.maxTotalChars})`;
  return undefined;
}

/** Anthropic strict per-request caps (docs/provider-rules.md#anthropic-strict rule 2), as dated data. */
export const ANTHROPIC_STRICT_LIMITS = {
  optionalParams: 24,
  unionParams: 16,
  checkedOn: "2026-11-30",
  source: "Anthropic strict-tool-use docs via providers.md §1.3.2; genkit-ai/genkit#5230",
} as const;

/**
 * What a strict schema costs against Anthropic's per-request caps: properties missing from their object's
 * `required`, and non-root subschemas with `anyOf` or a type list. The prepare-tools step sums these over
 * the strict tools of one request.
 */
export function strictBudget(root: JsonObject): { optionalParams: number; unionParams: number } {
  let optionalParams = 0;
  let unionParams = 0;
  const visit = (node: JsonObject, isRoot: boolean): void => {
    if (isObject(node.properties)) {
      const required = Array.isArray(node.required) ? node.required : [];
      optionalParams += Object.keys(node.properties).filter((name) => !required.includes(name)).length;
    }
    const union = Array.isArray(node.anyOf) || (Array.isArray(node.type) && node.type.length > 1);
    if (!isRoot && union) unionParams += 1;
    for (const child of subschemasOf(node)) visit(child, false);
  };
  visit(root, true);
  return { optionalParams, unionParams };
}

/** Why one strict schema alone exceeds Anthropic's per-request caps, or `undefined`. */
export function anthropicStrictLimitProblem(root: JsonObject): string | undefined {
  const { optionalParams, unionParams } = strictBudget(root);
  const limits = ANTHROPIC_STRICT_LIMITS;
  if (optionalParams > limits.optionalParams) {
    return `${optionalParams} optional parameters (limit ${limits.optionalParams} per request)`;
  }
  if (unionParams > limits.unionParams)
    return `${unionParams} union-typed parameters (limit ${limits.unionParams} per request)`;
  return undefined;
}
