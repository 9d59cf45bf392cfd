/** Keyword tables shared by the dialect repairs (JSON Schema 2020-12 vocabulary plus drafts 4-7 leftovers). */

/** Keywords whose value is a map of name → subschema. */
export const MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/** Keywords whose value is an array of subschemas. */
export const ARRAY_KEYWORDS = ["anyOf", "oneOf", "allOf", "prefixItems"];

/** Keywords whose value is one subschema (`items` may also be a draft-7 tuple array). */
export const SINGLE_KEYWORDS = [
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "contentSchema",
];

/** Subschema keywords where a boolean is idiomatic and kept as a boolean. */
export const BOOLEAN_OK_KEYWORDS = new Set([
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
]);

export const JSON_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** Type names servers write that mean a JSON Schema type (lower-cased lookup). */
export const TYPE_ALIASES: ReadonlyMap<string, JsonType> = new Map<string, JsonType>([
  ...JSON_TYPES.map((type) => [type, type] as [string, JsonType]),
  ["str", "string"],
  ["text", "string"],
  ["int", "integer"],
  ["long", "integer"],
  ["float", "number"],
  ["double", "number"],
  ["decimal", "number"],
  ["bool", "boolean"],
  ["dict", "object"],
  ["map", "object"],
  ["list", "array"],
]);

/** Keywords that only apply to one type; used to split type arrays and to drop inapplicable keywords. */
export const TYPE_KEYWORDS: Readonly<Record<"string" | "number" | "array" | "object", readonly string[]>> = {
  string: [
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
  ],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"],
  array: [
    "items",
    "prefixItems",
    "additionalItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedItems",
  ],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
    "propertyOrdering",
  ],
};

/** The keyword group a JSON type uses (`integer` shares `number`'s). */
export function keywordGroup(type: string): keyof typeof TYPE_KEYWORDS | undefined {
  if (type === "integer" || type === "number") return "number";
  if (type === "string" || type === "array" || type === "object") return type;
  return undefined;
}

/** Every keyword that is type-specific, for "does this keyword apply to any of these types". */
export const ALL_TYPE_KEYWORDS = new Set(Object.values(TYPE_KEYWORDS).flat());

/**
 * Value constraints: when a dialect cannot carry one it is kept as text in the description (in this order),
 * so the model still sees it.
 */
export const VALUE_CONSTRAINTS = [
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minContains",
  "maxContains",
  "minProperties",
  "maxProperties",
  "contentEncoding",
  "contentMediaType",
  "dependentRequired",
  "const",
  "enum",
  "default",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
];

/** Keywords with no meaning for a model once refs are inlined: removed silently. */
export const META_KEYWORDS = [
  "$schema",
  "$id",
  "$comment",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
];

/** Annotation keywords: a `$ref` sibling of this kind overrides the target's value. */
export const ANNOTATIONS = new Set([
  "description",
  "title",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);
