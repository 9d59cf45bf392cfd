/**
 * A tool's HTTP header bindings: `x-mcp-header` on a property of its `inputSchema` asks the client to mirror that
 * argument into an `Mcp-Param-<name>` request header. A binding the client cannot honour safely makes the whole
 * tool unusable (calling it would send a malformed or ambiguous header), so the listing keeps such a tool out
 * with a warning saying which rule it broke; the server's other tools are unaffected.
 *
 * The rules: the value is a non-empty RFC 9110 token (ASCII letters, digits and `!#$%&'*+-.^_\`|~`; no space,
 * colon or control character); it sits on a property reached from the root through `properties` alone (not
 * under `items`, a combinator, `$defs` or a conditional); that property's `type` is `string`, `integer` or
 * `boolean`; and no two bindings of one tool are equal ignoring case. The walk is iterative and bounded, since
 * the schema is the server's.
 */
import { isPlainObject } from "./plain-json.js";

const headerKey = "x-mcp-header";
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const headerTypes = new Set(["string", "integer", "boolean"]);
/** Subschema keywords below which a binding has no fixed argument to mirror. */
const unreachable = [
  "items",
  "prefixItems",
  "contains",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "patternProperties",
  "dependentSchemas",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "$defs",
  "definitions",
];
/** Keywords whose value is a map of subschemas rather than one subschema or a list. */
const schemaMaps = new Set(["patternProperties", "dependentSchemas", "$defs", "definitions"]);
/** Schema nodes visited at most; a larger schema is judged on its first nodes only. */
const maxNodes = 10_000;

interface Visit {
  node: unknown;
  path: string[];
  reachable: boolean;
}

/** Why `inputSchema`'s header bindings cannot be used, or `undefined` when they can (or there are none). */
export function headerBindingFault(inputSchema: unknown): string | undefined {
  // Almost no schema has a binding: a walk that only looks for one (no paths, no visit records) settles those.
  if (!hasBinding(inputSchema)) return undefined;
  const seen = new Map<string, string>();
  const stack: Visit[] = [{ node: inputSchema, path: [], reachable: true }];
  for (let visited = 0; stack.length > 0 && visited < maxNodes; visited += 1) {
    const { node, path, reachable } = stack.pop()!;
    if (!isPlainObject(node)) continue;
    const schema = node as Record<string, unknown>;
    if (Object.hasOwn(schema, headerKey)) {
      const fault = bindingFault(schema, path, reachable, seen);
      if (fault !== undefined) return fault;
    }
    // Pushed last-first, so properties are judged in the order the server wrote them.
    const next: Visit[] = [];
    if (isPlainObject(schema.properties)) {
      for (const [key, child] of Object.entries(schema.properties as Record<string, unknown>)) {
        next.push({ node: child, path: [...path, key], reachable });
      }
    }
    for (const keyword of unreachable) {
      const sub = schema[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub)
        ? sub
        : schemaMaps.has(keyword) && isPlainObject(sub)
          ? Object.values(sub as Record<string, unknown>)
          : [sub];
      for (const branch of branches) next.push({ node: branch, path: [...path, keyword], reachable: false });
    }
    stack.push(...next.reverse());
  }
  return undefined;
}

/**
 * Whether any node `headerBindingFault` would visit (the same nodes, in the same order, within the same bound)
 * carries `x-mcp-header`: when none does, it has nothing to judge.
 */
function hasBinding(inputSchema: unknown): boolean {
  // Indexed loops and `for...in`: this runs over every listed tool, and most carry no binding at all.
  const stack: unknown[] = [inputSchema];
  for (let visited = 0; stack.length > 0 && visited < maxNodes; visited += 1) {
    const node = stack.pop();
    if (!isPlainObject(node)) continue;
    if (Object.hasOwn(node, headerKey)) return true;
    const start = stack.length;
    if (isPlainObject(node.properties)) pushMembers(stack, node.properties);
    for (let index = 0; index < unreachable.length; index += 1) {
      const keyword = unreachable[index] as string;
      const sub = node[keyword];
      if (sub === undefined) continue;
      if (Array.isArray(sub)) for (let at = 0; at < sub.length; at += 1) stack.push(sub[at]);
      else if (schemaMaps.has(keyword) && isPlainObject(sub)) pushMembers(stack, sub);
      else stack.push(sub);
    }
    // Reversed like the full walk's, so both visit the same nodes before the bound.
    reverseFrom(stack, start);
  }
  return false;
}

/** Pushes `record`'s own enumerable values in order (what `...Object.values(record)` pushes). */
function pushMembers(stack: unknown[], record: Record<string, unknown>): void {
  for (const key in record) if (Object.hasOwn(record, key)) stack.push(record[key]);
}

function reverseFrom(list: unknown[], start: number): void {
  for (let low = start, high = list.length - 1; low < high; low += 1, high -= 1) {
    const item = list[low];
    list[low] = list[high];
    list[high] = item;
  }
}

function bindingFault(
  schema: Record<string, unknown>,
  path: readonly string[],
  reachable: boolean,
  seen: Map<string, string>,
): string | undefined {
  const where =
    path.length === 0 ? "the schema root" : `property ${JSON.stringify(path.join(".")).slice(0, 82)}`;
  const name = schema[headerKey];
  if (!reachable || path.length === 0) {
    return `${where}: ${headerKey} is allowed only on a property reached through "properties"`;
  }
  if (typeof name !== "string" || name === "") return `${where}: ${headerKey} must be a non-empty string`;
  const shown = JSON.stringify(name).slice(0, 82);
  if (!token.test(name)) {
    return `${where}: ${headerKey} ${shown} is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only)`;
  }
  const type = typeof schema.type === "string" ? schema.type : undefined;
  if (type === undefined || !headerTypes.has(type)) {
    return `${where}: ${headerKey} is allowed only on a string, integer or boolean property (type ${type ?? "absent"})`;
  }
  const lower = name.toLowerCase();
  const earlier = seen.get(lower);
  if (earlier !== undefined) {
    return `${where}: ${headerKey} ${shown} repeats ${JSON.stringify(earlier).slice(0, 82)} (header names ignore case)`;
  }
  seen.set(lower, name);
  return undefined;
}
