import { isRecord, type JsonRecord } from "./json-values.js";

/** Where a subschema sits: keyword and name/index segments from the root, e.g. `["properties", "texts"]`. */
export type SchemaPath = readonly string[];

export interface SchemaNode {
  node: JsonRecord;
  path: SchemaPath;
}

/** Keywords whose value is a map of name → subschema. */
const MAP_KEYWORDS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Keywords whose value is a list of subschemas. */
const LIST_KEYWORDS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
/** Keywords whose value is one subschema. `items` may also be a draft-07 tuple list. */
const SINGLE_KEYWORDS = new Set([
  "items",
  "not",
  "if",
  "then",
  "else",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
  "contains",
  "propertyNames",
  "contentSchema",
]);

/** The direct subschemas of one node, in the node's own key order (the order a recursive validator visits them). */
export function childSchemas(node: JsonRecord, path: SchemaPath): SchemaNode[] {
  const children: SchemaNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (MAP_KEYWORDS.has(key) && isRecord(value)) {
      for (const [name, child] of Object.entries(value)) {
        if (isRecord(child)) children.push({ node: child, path: [...path, key, name] });
      }
    } else if ((LIST_KEYWORDS.has(key) || key === "items") && Array.isArray(value)) {
      value.forEach((child, index) => {
        if (isRecord(child)) children.push({ node: child, path: [...path, key, String(index)] });
      });
    } else if (SINGLE_KEYWORDS.has(key) && isRecord(value)) {
      children.push({ node: value, path: [...path, key] });
    }
  }
  return children;
}

/** Every object-valued subschema, root first, depth-first pre-order. Boolean schemas are skipped. */
export function* walkSchema(root: JsonRecord, path: SchemaPath = []): Generator<SchemaNode> {
  const stack: SchemaNode[] = [{ node: root, path }];
  while (stack.length > 0) {
    const current = stack.pop() as SchemaNode;
    yield current;
    const children = childSchemas(current.node, current.path);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as SchemaNode);
  }
}
