import type { JsonObject } from "../spec/json.js";

/**
 * OpenAI strict mode makes every optional property required and nullable, so the model sends `null` for "not
 * given" (schema/strictify.ts, warning `optional-made-nullable`). The server's own schema may not accept null
 * there. Walking the ORIGINAL input schema beside the arguments, this drops a null wherever the property is
 * optional and its original schema does not accept null; everything else is passed through untouched. Nested
 * objects, array items and local `$ref`s are followed; combinators are not descended into. Pure.
 */
export function stripStrictNulls(schema: JsonObject, args: Record<string, unknown>): Record<string, unknown> {
  return walkObject(schema, schema, args, 0) as Record<string, unknown>;
}

const MAX_DEPTH = 32;

function walkObject(root: JsonObject, node: unknown, value: unknown, depth: number): unknown {
  const schema = resolve(root, node);
  if (schema === undefined || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = schema.items;
    return isObject(items) ? value.map((item) => walkObject(root, items, item, depth + 1)) : value;
  }
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  let out: Record<string, unknown> | undefined;
  for (const [name, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property === undefined) continue;
    let next: unknown = item;
    if (item === null) {
      if (!required.has(name) && !acceptsNull(root, property)) {
        out ??= { ...value };
        delete out[name];
      }
      continue;
    }
    next = walkObject(root, property, item, depth + 1);
    if (next !== item) {
      out ??= { ...value };
      out[name] = next;
    }
  }
  return out ?? value;
}

function acceptsNull(root: JsonObject, node: unknown, depth = 0): boolean {
  const schema = resolve(root, node);
  if (schema === undefined) return node === true;
  if (depth > MAX_DEPTH) return true;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (schema.nullable === true || schema.const === null) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.some((branch) => acceptsNull(root, branch, depth + 1)))
      return true;
  }
  // No type and no enum/const: anything goes, null included.
  return (
    type === undefined &&
    schema.enum === undefined &&
    !("const" in schema) &&
    schema.$ref === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    schema.allOf === undefined
  );
}

/** The schema object at `node`, following local `#/…` references (a few hops, never a cycle forever). */
function resolve(root: JsonObject, node: unknown): JsonObject | undefined {
  let current = node;
  for (let hops = 0; hops < 8 && isObject(current) && typeof current.$ref === "string"; hops += 1) {
    const target = pointerGet(root, current.$ref);
    if (target === undefined) return undefined;
    current = target;
  }
  return isObject(current) ? current : undefined;
}

function pointerGet(root: JsonObject, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
