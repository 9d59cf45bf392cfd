import { eachSubschema } from "../../schema/index.js";
import type { JsonRecord } from "./json-values.js";

/** Where a subschema sits: keyword and name/index segments from the root, e.g. `["properties", "texts"]`. */
export type SchemaPath = readonly string[];

export interface SchemaNode {
  node: JsonRecord;
  path: SchemaPath;
}

/**
 * The direct subschemas of one node, in the node's own key order (the order a recursive validator visits them),
 * with segment paths for the providers' error texts; the keyword tables are schema repair's (`eachSubschema`).
 */
export function childSchemas(node: JsonRecord, path: SchemaPath): SchemaNode[] {
  const children: SchemaNode[] = [];
  eachSubschema(node, (child, keyword, entry) => {
    children.push({
      node: child,
      path: entry === undefined ? [...path, keyword] : [...path, keyword, String(entry)],
    });
  });
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
