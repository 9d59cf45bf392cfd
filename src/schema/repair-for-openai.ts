import type { JsonObject } from "../spec/json.js";
import { isObject } from "./json-utils.js";
import { mergeAllOf } from "./merge-all-of.js";
import { quarantine, type RepairContext } from "./repair-context.js";
import {
  describeConstraintBranches,
  pushTypeIntoBranches,
  simplifyCombinators,
} from "./simplify-combinators.js";
import {
  addInferredType,
  closeEmptyRoot,
  findUnrepresentable,
  formatAllowed,
  keepOnly,
  quarantineIfNeeded,
  strictArray,
} from "./strict-common.js";
import { openAIStrictLimitProblem } from "./strict-limits.js";
import { strictObject } from "./strictify.js";
import { dropInapplicable, splitTypeArray, typesOf } from "./type-utils.js";
import { untilStable, walkObject } from "./walk-schema.js";

/**
 * OpenAI non-strict function `parameters` (Chat Completions, or Responses with `strict: false`): any JSON
 * Schema with an object root; every array needs `items`, also inside a type list (docs/provider-rules.md#regressions #12, #13).
 */
export function repairForOpenAI(root: JsonObject, ctx: RepairContext): JsonObject {
  return walkObject(root, "", ctx, (node, path) => {
    if (!typesOf(node).includes("array") || Object.hasOwn(node, "items")) return node;
    ctx.warn("items-added", path, "array without items: items {} (any value) added; OpenAI requires items");
    return { ...node, items: {} };
  });
}

/** Keywords OpenAI strict mode accepts (docs/provider-rules.md#openai-strict rules 1-4). */
const STRICT_FIELDS = new Set([
  "type",
  "description",
  "title",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "pattern",
  "format",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "minItems",
  "maxItems",
]);

/** `format` values OpenAI strict accepts (`uri` is rejected: docs/provider-rules.md#regressions #17). */
export const OPENAI_STRICT_FORMATS = [
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
];

const WHY = "is not supported by OpenAI strict mode";

/**
 * OpenAI strict (`strict: true`; the Responses API default): closed objects, every property required with
 * optional ones made nullable, `anyOf` instead of `oneOf`/type lists, `allOf` merged, only the supported
 * keywords and formats. A schema part that accepts any JSON (free-form object, untyped value, array without
 * items) has no lossless strict form, so the tool is quarantined; send it with `strict: false` instead.
 */
export function repairForOpenAIStrict(root: JsonObject, ctx: RepairContext): JsonObject {
  const out = walkObject(closeEmptyRoot(root), "", ctx, (node, path) =>
    untilStable(node, (current) => strictNode(current, path, ctx)),
  );
  const problems = findUnrepresentable(out, ctx, { typed: true, items: true });
  quarantineIfNeeded(problems, ctx, "OpenAI strict mode");
  const tooBig = openAIStrictLimitProblem(out);
  if (tooBig !== undefined) {
    ctx.warn("strict-limit-exceeded", "", `${tooBig} exceeds OpenAI strict limits`);
    quarantine(`cannot be made strict: ${tooBig}`);
  }
  return out;
}

function strictNode(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = mergeAllOf(input, path, ctx);
  node = describeConstraintBranches(node, path, ctx);
  node = simplifyCombinators(node, path, ctx, true);
  node = pushTypeIntoBranches(splitTypeArray(node, path, ctx));
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.map((branch) => (isObject(branch) ? strictNode(branch, path, ctx) : branch));
    node = { ...node, anyOf: branches };
  }
  node = addInferredType(node, path, ctx);
  node = dropInapplicable(node, path, ctx);
  node = strictArray(node, path, ctx, (items) => strictNode(items, `${path}/items`, ctx));
  node = keepOnly(
    node,
    STRICT_FIELDS,
    path,
    ctx,
    WHY,
    formatAllowed(node, OPENAI_STRICT_FORMATS) ? [] : ["format"],
  );
  return strictObject(node, path, ctx, { requireAll: true });
}
