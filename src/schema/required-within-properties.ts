import type { JsonObject } from "../spec/json.js";
import { isObject, own, renderValue, without } from "./json-utils.js";
import type { RepairContext } from "./repair-context.js";

/**
 * `required` cut to the names `properties` defines: a name that is required but has no schema is one something
 * dropped on the way (the MCP SDK's listing parser drops a `__proto__` property and keeps it in `required`;
 * repair drops `false` and misplaced-keyword properties), and a model told to send an argument it has no schema
 * for cannot do it right. Without a `properties` map the list stays as it is, unless `noPropertiesDefinesNone`
 * (dialects whose objects define their keys in `properties` only: strict grammars, Gemini); a list left empty is
 * removed. Non-string entries are normalisation's to fix and are kept.
 */
export function requiredWithinProperties(
  node: JsonObject,
  path: string,
  ctx: RepairContext,
  noPropertiesDefinesNone = false,
): JsonObject {
  const properties = own(node, "properties");
  const required = own(node, "required");
  if (!Array.isArray(required) || (!isObject(properties) && !noPropertiesDefinesNone)) return node;
  const defined = isObject(properties) ? properties : {};
  const kept = required.filter((name) => typeof name !== "string" || Object.hasOwn(defined, name));
  if (kept.length === required.length) return node;
  const gone = required.filter((name) => !kept.includes(name));
  ctx.warn(
    "required-fixed",
    path,
    `required ${renderValue(JSON.stringify(gone), 120)} not defined in properties; removed`,
  );
  return kept.length > 0 ? { ...node, required: kept } : without(node, "required");
}
