import type { JsonObject } from "../spec/json.js";
import { isObject, own } from "./json-utils.js";
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
import { anthropicStrictLimitProblem } from "./strict-limits.js";
import { strictObject } from "./strictify.js";
import { dropInapplicable } from "./type-utils.js";
import { untilStable, walkObject } from "./walk-schema.js";

/**
 * Anthropic `input_schema` without strict: any valid JSON Schema 2020-12 with an object root and no root
 * combinator. The shared steps (refs inlined, values normalised to 2020-12, root lifted) already give
 * exactly that, so nothing else changes: unknown keywords and `x-*` are valid 2020-12 annotations.
 */
export function repairForAnthropic(root: JsonObject): JsonObject {
  return root;
}

/** Keywords the strict grammar compiler accepts (docs/provider-rules.md#anthropic-strict rule 3); `allOf` is merged instead. */
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
  "default",
  "minItems",
]);

/** String formats Anthropic strict accepts (docs/provider-rules.md#anthropic-strict rule 3; `uri` included, unlike OpenAI). */
export const ANTHROPIC_STRICT_FORMATS = [
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid",
];

const WHY = "is not supported by Anthropic strict tool use";

/**
 * Anthropic `strict: true`: closed objects everywhere; numeric bounds, string lengths and array bounds
 * other than `minItems` 0/1 move to the description (§9 #5); `oneOf` → `anyOf`, `allOf` merged (closed
 * objects cannot be intersected). Optional properties stay optional (see `StrictOptions.requireAll`).
 * A free-form object or map (extra keys allowed) has no strict form: the tool is quarantined (send it
 * non-strict).
 */
export function repairForAnthropicStrict(root: JsonObject, ctx: RepairContext): JsonObject {
  const out = walkObject(closeEmptyRoot(root), "", ctx, (node, path) =>
    untilStable(node, (current) => strictNode(current, path, ctx)),
  );
  const problems = findUnrepresentable(out, ctx, { typed: false, items: false });
  quarantineIfNeeded(problems, ctx, "Anthropic strict tool use");
  const tooBig = anthropicStrictLimitProblem(out);
  if (tooBig !== undefined) {
    ctx.warn("strict-limit-exceeded", "", `${tooBig}: this tool alone exceeds Anthropic strict limits`);
    quarantine(`cannot be made strict: ${tooBig}`);
  }
  return out;
}

function strictNode(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = mergeAllOf(input, path, ctx);
  node = describeConstraintBranches(node, path, ctx);
  node = pushTypeIntoBranches(simplifyCombinators(node, path, ctx, true));
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.map((branch) => (isObject(branch) ? strictNode(branch, path, ctx) : branch));
    node = { ...node, anyOf: branches };
  }
  node = addInferredType(node, path, ctx);
  node = dropInapplicable(node, path, ctx);
  node = strictArray(node, path, ctx, (items) => strictNode(items, `${path}/items`, ctx));
  const also: string[] = [];
  if (!formatAllowed(node, ANTHROPIC_STRICT_FORMATS)) also.push("format");
  const minItems = own(node, "minItems");
  if (minItems !== undefined && minItems !== 0 && minItems !== 1) also.push("minItems");
  const values = own(node, "enum");
  // Complex types inside enums are rejected (docs/provider-rules.md#anthropic-strict rule 4).
  if (Array.isArray(values) && values.some((value) => typeof value === "object" && value !== null))
    also.push("enum");
  node = keepOnly(node, STRICT_FIELDS, path, ctx, WHY, also);
  // Untyped nodes and arrays without items are not on Anthropic's unsupported list: they pass as they are.
  return strictObject(node, path, ctx, { requireAll: false });
}
