import fc from "fast-check";

/** JSON scalars, including the awkward ones (empty string, null, floats). */
const scalar = fc.oneof(
  fc.constantFrom("", "a", "b", "x y", "1"),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
  fc.boolean(),
  fc.constant(null),
);

/** Property names, including ones that trip naive code (`__proto__`, `constructor`, pointer escapes). */
const name = fc.constantFrom("a", "b", "c", "type", "__proto__", "constructor", "x/y", "t~1", "");

const typeName = fc.constantFrom(
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
  "String",
  "int",
  "any",
  "bogus",
);

const ref = fc.constantFrom(
  "#/$defs/A",
  "#/$defs/B",
  "#",
  "#/definitions/C",
  "#/properties/a",
  "#anchor",
  "http://example.com/s.json",
  "#/$defs/missing",
  "#/$defs/A/properties/a",
);

function entry(key: string, value: fc.Arbitrary<unknown>): fc.Arbitrary<[string, unknown]> {
  return value.map((v) => [key, v] as [string, unknown]);
}

/**
 * Arbitrary JSON-ish schemas: every keyword family the repairs touch, with valid and invalid values, non-schema
 * values where schemas belong, and `$ref`s into `$defs` that can form cycles (A → B → A, `#`).
 */
export const schemaArbitrary = fc.letrec<{ schema: unknown; node: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 4, depthIdentifier: "schema" },
    fc.constantFrom<unknown>(true, false, "string", 5, null, {}),
    tie("node"),
  ),
  node: fc
    .array(
      fc.oneof(
        entry("type", fc.oneof(typeName, fc.array(typeName, { maxLength: 3 }), scalar)),
        entry("type", fc.constantFrom("object", "string", "array")),
        entry("properties", fc.oneof(fc.dictionary(name, tie("schema"), { maxKeys: 3 }), scalar)),
        entry(
          "required",
          fc.oneof(fc.array(name, { maxLength: 3 }), scalar, fc.array(scalar, { maxLength: 2 })),
        ),
        entry("items", fc.oneof(tie("schema"), fc.array(tie("schema"), { maxLength: 2 }))),
        entry("prefixItems", fc.array(tie("schema"), { maxLength: 2 })),
        entry("anyOf", fc.oneof(fc.array(tie("schema"), { maxLength: 3 }), tie("schema"))),
        entry("oneOf", fc.array(tie("schema"), { maxLength: 3 })),
        entry("allOf", fc.array(tie("schema"), { maxLength: 2 })),
        entry("not", tie("schema")),
        entry("enum", fc.oneof(fc.array(scalar, { maxLength: 4 }), scalar)),
        entry("const", scalar),
        entry(
          "format",
          fc.constantFrom("uri", "date-time", "email", "int32", "float", "enum", "regex", "bogus"),
        ),
        entry("minimum", fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant("2"), fc.constant("x"))),
        entry("exclusiveMinimum", fc.oneof(fc.integer({ min: -3, max: 3 }), fc.boolean())),
        entry(
          "maxLength",
          fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double({ noNaN: true, min: 0, max: 5 })),
        ),
        entry("minItems", fc.integer({ min: 0, max: 3 })),
        entry("pattern", fc.constantFrom("^a+$", "[", "\\d{2}")),
        entry("additionalProperties", fc.oneof(fc.boolean(), tie("schema"))),
        entry("$ref", ref),
        entry("$anchor", fc.constant("anchor")),
        entry("description", fc.oneof(fc.string({ maxLength: 8 }), scalar)),
        entry("default", scalar),
        entry("examples", fc.oneof(fc.array(scalar, { maxLength: 2 }), scalar)),
        entry("nullable", fc.oneof(fc.boolean(), scalar)),
        entry("x-extra", scalar),
        entry("$schema", fc.constant("http://json-schema.org/draft-07/schema#")),
        entry(
          "dependencies",
          fc.dictionary(name, fc.oneof(fc.array(name, { maxLength: 2 }), tie("schema")), { maxKeys: 1 }),
        ),
        entry("propertyOrdering", fc.array(name, { maxLength: 2 })),
      ),
      { maxLength: 5 },
    )
    .map((entries) => {
      const node: Record<string, unknown> = {};
      for (const [key, value] of entries)
        Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
      return node;
    }),
}));

/** A root document: a schema plus `$defs`/`definitions` the refs point at. */
export const rootArbitrary = fc
  .tuple(
    schemaArbitrary.node,
    fc.record({ A: schemaArbitrary.schema, B: schemaArbitrary.schema }, { requiredKeys: [] }),
    fc.option(schemaArbitrary.schema, { nil: undefined }),
  )
  .map(([node, defs, c]) => {
    const root: Record<string, unknown> = { ...node, $defs: defs };
    if (c !== undefined) root.definitions = { C: c };
    return root;
  });
