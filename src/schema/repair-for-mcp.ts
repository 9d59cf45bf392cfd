import type { JsonObject } from "../spec/json.js";
import { canonicalText, isObject, own, renderValue, without } from "./json-utils.js";
import { fixRootType } from "./lift-root-combinators.js";
import type { RepairContext } from "./repair-context.js";
import { requiredWithinProperties } from "./required-within-properties.js";
import { walkObject } from "./walk-schema.js";

/**
 * The `mcp` dialect (switchboard serving tools to another MCP client): the schema is passed through as
 * published, except for what MCP clients check on `inputSchema` (`type: "object"`, `properties` an object,
 * `required` a list of strings, and, at every level, only names `properties` defines). `$ref`, `$defs`,
 * combinators and unknown keywords stay as they are.
 */
export function repairForMcp(root: JsonObject, ctx: RepairContext): JsonObject {
  let node = fixRootType(root, ctx);
  const properties = own(node, "properties");
  if (properties !== undefined && !isObject(properties)) {
    ctx.warn(
      "invalid-keyword-value",
      "",
      `properties ${renderValue(canonicalText(properties), 80)} is not an object; removed`,
    );
    node = without(node, "properties");
  }
  const required = own(node, "required");
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((name) => typeof name === "string"))
  ) {
    const list = typeof required === "string" ? [required] : Array.isArray(required) ? required : [];
    const names = [...new Set(list.filter((name) => typeof name === "string"))];
    ctx.warn(
      "required-fixed",
      "",
      `required ${renderValue(canonicalText(required), 80)} is not a list of names; fixed`,
    );
    node = names.length > 0 ? { ...node, required: names } : without(node, "required");
  }
  return walkObject(node, "", ctx, (child, path) => requiredWithinProperties(child, path, ctx));
}
