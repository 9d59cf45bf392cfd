import type { JsonObject, JsonValue } from "../spec/json.js";
import { moveToDescription } from "./constraints-to-description.js";
import { canonicalText, own, renderValue, without } from "./json-utils.js";
import { mergeAllOf } from "./merge-all-of.js";
import type { RepairContext } from "./repair-context.js";
import { simplifyCombinators } from "./simplify-combinators.js";
import { keepOnly } from "./strict-common.js";
import { typesOf } from "./type-utils.js";
import { walkObject } from "./walk-schema.js";

/**
 * The keywords Gemini documents for `parametersJsonSchema` (docs/provider-rules.md#gemini-json-schema), minus the ref machinery
 * (refs are inlined first, so cycles and dangling refs — §9 #38 — cannot reach Gemini).
 */
const FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "enum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "anyOf",
  "oneOf",
  "properties",
  "additionalProperties",
  "required",
  "propertyOrdering",
]);

const WHY = "is not documented for Gemini parametersJsonSchema";

/**
 * Gemini `functionDeclarations[].parametersJsonSchema`: JSON Schema with the documented keywords only.
 * Undocumented keywords may be ignored or rejected (docs/provider-rules.md#open-questions), so value constraints move to the
 * description and the rest is removed; `allOf` is merged, `const` becomes a one-value `enum`, and enums keep
 * only strings and numbers (anything else moves the enum to the description).
 */
export function repairForGeminiJsonSchema(root: JsonObject, ctx: RepairContext): JsonObject {
  return walkObject(root, "", ctx, (input, path) => {
    let node = simplifyCombinators(mergeAllOf(input, path, ctx), path, ctx, false);
    const constant = own(node, "const");
    if (constant !== undefined) {
      if ((typeof constant === "string" || typeof constant === "number") && !Object.hasOwn(node, "enum")) {
        ctx.warn(
          "const-to-enum",
          path,
          `const ${renderValue(canonicalText(constant), 80)} written as a one-value enum`,
        );
        node = { ...without(node, "const"), enum: [constant] };
      } else node = moveToDescription(node, ["const"], path, ctx, WHY);
    }
    node = geminiJsonEnum(node, path, ctx);
    return keepOnly(node, FIELDS, path, ctx, WHY);
  });
}

const isScalar = (value: JsonValue) => typeof value === "string" || typeof value === "number";

/** Enums hold strings and numbers only; a `null` member becomes a separate `{type:"null"}` branch. */
function geminiJsonEnum(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const values = own(node, "enum");
  if (!Array.isArray(values) || values.every(isScalar)) return node;
  const rest = values.filter((value) => value !== null);
  if (
    rest.length > 0 &&
    rest.length === values.length - 1 &&
    rest.every(isScalar) &&
    !Object.hasOwn(node, "anyOf")
  ) {
    const types = typesOf(node).filter((type) => type !== "null");
    const branch: JsonObject =
      types.length === 0
        ? { enum: rest }
        : { type: types.length === 1 ? (types[0] as string) : types, enum: rest };
    return { ...without(node, "enum", "type"), anyOf: [branch, { type: "null" }] };
  }
  return moveToDescription(node, ["enum"], path, ctx, "may only hold strings and numbers in Gemini");
}
