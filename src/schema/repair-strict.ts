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
  type StrictNeeds,
  strictArray,
} from "./strict-common.js";
import { strictObject } from "./strictify.js";
import { dropInapplicable, splitTypeArray } from "./type-utils.js";
import { untilStable, walkObject } from "./walk-schema.js";

/** What one provider's strict grammar accepts: the parameters of the one strict repair pipeline. */
export interface StrictRules {
  /** The grammar's name in warnings and quarantine reasons, e.g. "OpenAI strict mode". */
  label: string;
  /** Keywords the grammar accepts; every other keyword is removed (value constraints into the description). */
  keywords: ReadonlySet<string>;
  /** `format` values the grammar accepts. */
  formats: readonly string[];
  /** Largest `minItems` accepted, when the grammar limits it. */
  maxMinItems?: number;
  /** Enum members must be scalars (objects and arrays are rejected). */
  scalarEnums: boolean;
  /** Type lists are rejected: they become `anyOf` branches. */
  splitTypeLists: boolean;
  /** Every property must be required, so optional ones become nullable (see `StrictOptions`). */
  requireAll: boolean;
  /** What every node of the final tree must carry (a type, array items). */
  needs: StrictNeeds;
  /** Why the finished schema is over the provider's size limits, or `undefined`. */
  limitProblem: (schema: JsonObject) => string | undefined;
  /** The warning text for such a problem. */
  limitWarning: (problem: string) => string;
}

/**
 * A provider's `strict: true` dialect: closed objects everywhere, `oneOf` → `anyOf`, `allOf` merged (closed
 * objects cannot be intersected), tuples as `items: anyOf`, only the keywords and formats `rules` accepts. A part
 * that accepts extra keys (free-form object, map) or, per `rules.needs`, any value has no lossless strict form,
 * and a schema over the size limits cannot be sent strict: the tool is quarantined (send it non-strict).
 */
export function repairStrict(root: JsonObject, ctx: RepairContext, rules: StrictRules): JsonObject {
  const out = walkObject(closeEmptyRoot(root), "", ctx, (node, path) =>
    untilStable(node, (current) => strictNode(current, path, ctx, rules)),
  );
  quarantineIfNeeded(findUnrepresentable(out, ctx, rules.needs), ctx, rules.label);
  const tooBig = rules.limitProblem(out);
  if (tooBig !== undefined) {
    ctx.warn("strict-limit-exceeded", "", rules.limitWarning(tooBig));
    quarantine(`cannot be made strict: ${tooBig}`);
  }
  return out;
}

function strictNode(input: JsonObject, path: string, ctx: RepairContext, rules: StrictRules): JsonObject {
  let node = mergeAllOf(input, path, ctx);
  node = describeConstraintBranches(node, path, ctx);
  node = simplifyCombinators(node, path, ctx, true);
  if (rules.splitTypeLists) node = splitTypeArray(node, path, ctx);
  node = pushTypeIntoBranches(node);
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.map((branch) =>
      isObject(branch) ? strictNode(branch, path, ctx, rules) : branch,
    );
    node = { ...node, anyOf: branches };
  }
  node = addInferredType(node, path, ctx);
  node = dropInapplicable(node, path, ctx);
  node = strictArray(node, path, ctx, (items) => strictNode(items, `${path}/items`, ctx, rules));
  node = keepOnly(
    node,
    rules.keywords,
    path,
    ctx,
    `is not supported by ${rules.label}`,
    rejected(node, rules),
  );
  // Untyped nodes and arrays without items pass as they are unless `rules.needs` says otherwise.
  return strictObject(node, path, ctx, { requireAll: rules.requireAll });
}

/** Accepted keywords whose value the grammar rejects. */
function rejected(node: JsonObject, rules: StrictRules): string[] {
  const out: string[] = [];
  if (!formatAllowed(node, rules.formats)) out.push("format");
  const minItems = own(node, "minItems");
  if (
    rules.maxMinItems !== undefined &&
    minItems !== undefined &&
    !withinMinItems(minItems, rules.maxMinItems)
  )
    out.push("minItems");
  const values = own(node, "enum");
  if (
    rules.scalarEnums &&
    Array.isArray(values) &&
    values.some((value) => typeof value === "object" && value !== null)
  )
    out.push("enum");
  return out;
}

/** A whole number from 0 to `max` (Anthropic: 0 or 1). */
function withinMinItems(value: unknown, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
}
