import { anthropicStrictLimits } from "../providers/rules/anthropic.js";
import { openaiStrictSizeLimits } from "../providers/rules/openai.js";
import type { JsonObject, JsonValue } from "../spec/json.js";
import { isObject } from "./json-utils.js";
import { typesOf } from "./type-utils.js";
import { type SchemaRecord, subschemasOf } from "./walk-schema.js";

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
      node.enum.length > openaiStrictSizeLimits.largeEnumValues &&
      chars > openaiStrictSizeLimits.largeEnumChars
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
  const limits = openaiStrictSizeLimits;
  const tally: Tally = { properties: 0, enumValues: 0, chars: 0, largeEnum: false };
  const nesting = objectNesting(root, tally);
  if (nesting > limits.nestingDepth)
    return `objects nested ${nesting} levels deep (limit ${limits.nestingDepth})`;
  if (tally.properties > limits.objectProperties)
    return `${tally.properties} properties (limit ${limits.objectProperties})`;
  if (tally.enumValues > limits.enumValues)
    return `${tally.enumValues} enum values (limit ${limits.enumValues})`;
  if (tally.largeEnum)
    return `an enum over ${limits.largeEnumValues} values exceeds ${limits.largeEnumChars} characters`;
  if (tally.chars > limits.totalChars)
    return `${tally.chars} characters of names and enum values (limit ${limits.totalChars})`;
  return undefined;
}

/** What one strict schema spends of Anthropic's per-request budgets (docs/provider-rules.md#anthropic-strict rule 2). */
export interface StrictBudget {
  /** Properties not listed in their object's `required`, counted through nested objects. */
  optionalParams: number;
  /** Non-root subschemas using `anyOf` or a type list (`["string","null"]` counts). */
  unionParams: number;
}

/**
 * What a strict schema costs against Anthropic's per-request caps. The prepare-tools step sums these over the
 * strict tools of one request, and the validator does the same for the request it checks.
 */
export function strictBudget(root: SchemaRecord): StrictBudget {
  let optionalParams = 0;
  let unionParams = 0;
  const visit = (node: SchemaRecord, isRoot: boolean): void => {
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
  const limits = anthropicStrictLimits;
  if (optionalParams > limits.optionalParams) {
    return `${optionalParams} optional parameters (limit ${limits.optionalParams} per request)`;
  }
  if (unionParams > limits.unionParams)
    return `${unionParams} union-typed parameters (limit ${limits.unionParams} per request)`;
  return undefined;
}
