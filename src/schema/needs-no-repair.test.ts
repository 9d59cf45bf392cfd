import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { smitheryCorpus } from "../../test/support/smithery-corpus.js";
import type { JsonObject } from "../spec/json.js";
import { rootArbitrary } from "./__fixtures__/schema-arbitrary.js";
import { repairSchema } from "./index.js";
import { sameTree } from "./json-utils.js";
import { cleanForAnthropic, isCleanForAnthropic } from "./needs-no-repair.js";

/** The claim the fast path rests on: the full pipeline gives exactly the clean schema, unwarned. */
function expectPipelineGivesClean(input: unknown): void {
  const clean = cleanForAnthropic(input);
  const result = repairSchema(input, "anthropic");
  expect(result.ok).toBe(true);
  expect(result.warnings).toEqual([]);
  if (result.ok) expect(sameTree(result.schema, clean as JsonObject)).toBe(true);
}

/** Mostly valid values for a keyword, now and then one that repair rewrites. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: invalid });

/** Schemas built from the allow-listed keywords, with invalid values and foreign keywords mixed in. */
const foreign = fc.record(
  {
    nullable: fc.constantFrom(true, false),
    const: fc.constantFrom("a", 1),
    anyOf: fc.constant([{ type: "string" }, { type: "null" }]),
    $ref: fc.constant("#/$defs/a"),
  },
  { requiredKeys: [] },
);

const nearlyClean = fc.letrec<{ node: unknown; child: unknown; root: unknown }>((tie) => ({
  child: fc.oneof({ maxDepth: 3 }, fc.constant({ type: "string" }), tie("node")),
  node: fc
    .tuple(
      fc.record(
        {
          type: mostly(
            fc.constantFrom("string", "string", "string", "object", "array", "integer", ["string", "null"]),
            fc.constantFrom("String", "int", "bogus", "", ["string"], ["string", "string"], [], 3),
          ),
          description: mostly(fc.constantFrom("d", ""), fc.constantFrom(1, true, null)),
          $schema: mostly(
            fc.constantFrom("https://json-schema.org/draft/2020-12/schema"),
            fc.constantFrom(Number.NaN),
          ),
          $comment: mostly(fc.constantFrom("note", { x: 1 }), fc.constantFrom(undefined, -0)),
          $id: fc.constantFrom("#a", "https://example.com/s"),
          format: mostly(fc.constantFrom("date-time", "uri"), fc.constantFrom(7)),
          required: mostly(
            fc.constantFrom(["a"], ["a", "b"], []),
            fc.constantFrom(["a", "a"], "a", [1], true),
          ),
          enum: mostly(
            fc.constantFrom(["a", "b"], ["x"]),
            fc.constantFrom(["a", "a"], [1, 2], [], ["a", null], "a"),
          ),
          pattern: mostly(fc.constantFrom("^[a-z]+$", "x"), fc.constantFrom("(", "[", 5)),
          default: mostly(
            fc.constantFrom("a", 1, null, false, { a: [1, "x", null] }, [1, 2]),
            fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY),
          ),
          properties: fc.dictionary(
            fc.constantFrom("a", "b", "type", "__proto__", "x/y"),
            mostly(tie("child"), fc.constantFrom(true, false, "string", null, { not: {} })),
            { maxKeys: 3 },
          ),
          items: mostly(tie("child"), fc.constantFrom(true, [{}], "string", [])),
          additionalProperties: mostly(fc.oneof(fc.boolean(), tie("child")), fc.constantFrom("no", null, 0)),
          minimum: mostly(fc.constantFrom(0, 1, 2.5, -3), fc.constantFrom("3", -0, Number.NaN, null)),
          maxLength: mostly(fc.constantFrom(0, 5), fc.constantFrom(-1, 2.5, "4", -0)),
          // 2020-12's number, and draft 4's boolean (converted, with `minimum` beside it, or removed).
          exclusiveMinimum: mostly(fc.constantFrom(0, 1.5, -2), fc.constantFrom(true, false, "1", -0)),
          exclusiveMaximum: mostly(fc.constantFrom(10, 0.5), fc.constantFrom(true, Number.NaN, null)),
          // zod's records: `{type: "object", propertyNames: {type: "string"}, additionalProperties: {...}}`.
          propertyNames: mostly(tie("child"), fc.constantFrom("string", null, true, [{}])),
        },
        { requiredKeys: [] },
      ),
      fc.oneof({ weight: 12, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: foreign }),
    )
    .map(([node, extra]) => ({ ...node, ...extra })),
  root: tie("node").map((node) => {
    // A root enum is always moved to the description: keep roots mostly clean.
    const { enum: _enum, ...rest } = node as Record<string, unknown>;
    return { ...rest, type: "object" };
  }),
}));

describe("cleanForAnthropic", () => {
  it("gives exactly what the unwarned full pipeline gives, or nothing (Smithery corpus)", () => {
    let clean = 0;
    const tools = smitheryCorpus();
    for (const { tool } of tools) {
      if (!isCleanForAnthropic(tool.inputSchema)) continue;
      clean += 1;
      expectPipelineGivesClean(tool.inputSchema);
    }
    // The fast path must matter on real catalogues, not only be safe.
    expect(clean).toBeGreaterThan(tools.length / 3);
  });

  it("gives exactly what the unwarned full pipeline gives, or nothing (property)", () => {
    let clean = 0;
    let newer = 0;
    fc.assert(
      fc.property(fc.oneof(nearlyClean.root, nearlyClean.root, rootArbitrary), (input) => {
        if (!isCleanForAnthropic(input)) return;
        clean += 1;
        if (/"(exclusiveMinimum|exclusiveMaximum|propertyNames)"/.test(JSON.stringify(input))) newer += 1;
        expectPipelineGivesClean(input);
      }),
      // 6000: required names without a property are no longer clean (repair removes them), and each keyword
      // added to the list may draw an invalid value, so fewer draws are clean.
      { numRuns: 6000 },
    );
    expect(clean).toBeGreaterThan(300);
    // The keywords added last are among the clean draws the pipeline checked.
    expect(newer).toBeGreaterThan(50);
  });

  it("refuses what repair rewrites", () => {
    const base = { type: "object", properties: { a: { type: "string" } } };
    expect(isCleanForAnthropic(base)).toBe(true);
    expect(isCleanForAnthropic({ ...base, type: "Object" })).toBe(false);
    expect(isCleanForAnthropic({ properties: base.properties })).toBe(false);
    expect(
      cleanForAnthropic({ $schema: "x", ...base, properties: { a: { $comment: "c", type: "string" } } }),
    ).toEqual(base);
    expect(isCleanForAnthropic({ ...base, $comment: () => 1 })).toBe(false);
    expect(isCleanForAnthropic({ ...base, $defs: {} })).toBe(false);
    expect(isCleanForAnthropic({ ...base, required: ["a", "a"] })).toBe(false);
    expect(isCleanForAnthropic({ ...base, properties: { a: { type: ["string"] } } })).toBe(false);
    expect(isCleanForAnthropic({ ...base, properties: { a: { $ref: "#/$defs/x" } } })).toBe(false);
    expect(isCleanForAnthropic({ ...base, properties: { a: { type: "integer", enum: ["x"] } } })).toBe(false);
    expect(isCleanForAnthropic({ ...base, properties: { a: { pattern: "(" } } })).toBe(false);
    expect(isCleanForAnthropic({ ...base, properties: { a: true } })).toBe(false);
    expect(isCleanForAnthropic({ ...base, enum: ["a"] })).toBe(false);
    expect(isCleanForAnthropic({ ...base, properties: { a: { type: "number", exclusiveMinimum: 0 } } })).toBe(
      true,
    );
    expect(isCleanForAnthropic({ ...base, properties: { a: { minimum: 0, exclusiveMinimum: true } } })).toBe(
      false,
    );
    const record = { type: "object", propertyNames: { type: "string" }, additionalProperties: {} };
    expect(isCleanForAnthropic({ ...base, properties: { a: record } })).toBe(true);
    expect(
      cleanForAnthropic({ ...base, properties: { a: { ...record, propertyNames: { $comment: "c" } } } }),
    ).toEqual({ ...base, properties: { a: { ...record, propertyNames: {} } } });
    expect(isCleanForAnthropic({ ...base, properties: { a: { ...record, propertyNames: "string" } } })).toBe(
      false,
    );
  });
});
