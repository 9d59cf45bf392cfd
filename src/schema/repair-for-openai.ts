import type { JsonObject } from "../spec/json.js";
import type { RepairContext } from "./repair-context.js";
import { typesOf } from "./type-utils.js";
import { walkObject } from "./walk-schema.js";

/**
 * OpenAI non-strict function `parameters` (Chat Completions, or Responses with `strict: false`): any JSON
 * Schema with an object root; every array needs `items`, also inside a type list (docs/provider-rules.md#regressions #12, #13).
 * The strict dialect is `repairStrict` with `OPENAI_STRICT`.
 */
export function repairForOpenAI(root: JsonObject, ctx: RepairContext): JsonObject {
  return walkObject(root, "", ctx, (node, path) => {
    if (!typesOf(node).includes("array") || Object.hasOwn(node, "items")) return node;
    ctx.warn("items-added", path, "array without items: items {} (any value) added; OpenAI requires items");
    return { ...node, items: {} };
  });
}
