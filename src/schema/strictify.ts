import type { JsonObject, JsonValue } from "../spec/json.js";
import { canonicalText, defineKey, isObject, jsonEqual, own, pointer, renderValue } from "./json-utils.js";
import type { RepairContext } from "./repair-context.js";
import { requiredWithinProperties } from "./required-within-properties.js";
import { typesOf } from "./type-utils.js";

export interface StrictOptions {
  /**
   * OpenAI: `required` must list every property (docs/provider-rules.md#openai-strict rule 2), so optional ones become nullable.
   * Anthropic strict allows optional properties (≤24 per request, §1.3 rule 2) and counts every nullable
   * union against a tighter cap (≤16), so optional properties stay optional there.
   */
  requireAll: boolean;
}

/** Paths that cannot be expressed in a strict grammar without losing what the server accepts. */
export type Unrepresentable = { path: string; what: string }[];

export function isObjectSchema(node: JsonObject): boolean {
  return typesOf(node).includes("object");
}

/** Whether `null` already validates against `schema` (type, enum, const and anyOf all let it through). */
export function acceptsNull(schema: JsonObject): boolean {
  const types = typesOf(schema);
  if (types.length > 0 && !types.includes("null")) return false;
  if (Object.hasOwn(schema, "const") && schema.const !== null) return false;
  const values = own(schema, "enum");
  if (Array.isArray(values) && !values.includes(null)) return false;
  const anyOf = own(schema, "anyOf");
  return !Array.isArray(anyOf) || anyOf.some((branch) => isObject(branch) && acceptsNull(branch));
}

/** `schema` widened to also accept `null` (the strict idiom for an optional property). */
export function makeNullable(schema: JsonObject): JsonObject {
  if (acceptsNull(schema)) return schema;
  const out: JsonObject = { ...schema };
  if (Object.hasOwn(out, "const") && out.const !== null) {
    const value = out.const as JsonValue;
    delete out.const;
    out.enum = [value, null];
  } else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  const types = typesOf(schema);
  if (types.length > 0 && !types.includes("null")) out.type = [...types, "null"];
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && !anyOf.some((branch) => isObject(branch) && acceptsNull(branch))) {
    out.anyOf = [...anyOf, { type: "null" }];
  }
  return out;
}

/**
 * One object node made strict: `additionalProperties: false` (closing an object that allowed extra keys
 * warns), `properties` present, `required` fixed per `options`. A free-form object (no properties, extra keys
 * allowed) cannot be closed without losing every argument, so it is left as it is for the final check.
 */
export function strictObject(
  node: JsonObject,
  path: string,
  ctx: RepairContext,
  options: StrictOptions,
): JsonObject {
  if (!isObjectSchema(node)) return node;
  const properties = isObject(node.properties) ? node.properties : {};
  const names = Object.keys(properties);
  const extra = own(node, "additionalProperties");
  if (names.length === 0 && extra !== false) return node; // free-form: `findUnrepresentable` reports it
  if (extra !== undefined && extra !== false) {
    ctx.warn(
      "additional-properties-closed",
      path,
      `additionalProperties ${renderValue(canonicalText(extra), 80)} replaced by false (strict mode)`,
    );
  }
  const out: JsonObject = { ...node, properties, additionalProperties: false };
  const fixed = own(requiredWithinProperties(out, path, ctx, true), "required");
  const defined = Array.isArray(fixed) ? fixed.filter((name) => typeof name === "string") : [];
  if (!options.requireAll) {
    if (defined.length > 0 || Object.hasOwn(node, "required")) out.required = defined;
    return out;
  }
  const widened: JsonObject = {};
  for (const name of names) {
    const schema = properties[name] as JsonValue;
    if (defined.includes(name) || !isObject(schema)) {
      defineKey(widened, name, schema);
      continue;
    }
    const nullable = makeNullable(schema);
    const at = ctx.pathOf(schema, pointer(path, "properties", name));
    if (!jsonEqual(nullable, schema)) {
      ctx.warn(
        "optional-made-nullable",
        at,
        `optional property ${JSON.stringify(name)} made required and nullable (strict mode): the model sends null for "not given"`,
      );
    }
    defineKey(widened, name, ctx.keepPath(nullable, at));
  }
  return { ...out, properties: widened, required: names };
}
