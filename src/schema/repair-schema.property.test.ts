import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS, deepFreeze, providerErrors } from "./__fixtures__/provider-check.js";
import { rootArbitrary, schemaArbitrary } from "./__fixtures__/schema-arbitrary.js";
import { repairSchema } from "./index.js";

const anyInput = fc.oneof(rootArbitrary, schemaArbitrary.schema, fc.anything());

describe("repairSchema properties (arbitrary JSON-ish schemas, cycles through $defs, garbage)", () => {
  it("never throws, never mutates the (deep-frozen) input, and returns JSON-serialisable output", () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom(...DIALECTS), (input, dialect) => {
        const before = JSON.stringify(input) ?? "undefined";
        const result = repairSchema(deepFreeze(input), dialect);
        expect(JSON.stringify(input) ?? "undefined").toBe(before);
        if (!result.ok) expect(result.reason).not.toMatch(/^schema repair failed/);
        const text = JSON.stringify(result);
        expect(JSON.parse(text)).toEqual(result);
        for (const warning of result.warnings) {
          expect(warning.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
          expect(warning.path === "" || warning.path.startsWith("/")).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("is idempotent: repairing the output again changes nothing and warns about nothing", () => {
    fc.assert(
      fc.property(rootArbitrary, fc.constantFrom(...DIALECTS), (input, dialect) => {
        const first = repairSchema(input, dialect);
        if (!first.ok) return;
        const second = repairSchema(first.schema, dialect);
        expect(second).toEqual({ ok: true, schema: first.schema, warnings: [] });
      }),
      { numRuns: 1000 },
    );
  });

  it("produces schemas the strict provider validators accept", () => {
    fc.assert(
      fc.property(rootArbitrary, fc.constantFrom(...DIALECTS), (input, dialect) => {
        const result = repairSchema(input, dialect);
        if (result.ok) expect(providerErrors(dialect, result.schema)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("puts type: object at the root of every dialect's output", () => {
    fc.assert(
      fc.property(rootArbitrary, fc.constantFrom(...DIALECTS), (input, dialect) => {
        const result = repairSchema(input, dialect);
        if (result.ok) expect(result.schema.type).toBe("object");
      }),
      { numRuns: 200 },
    );
  });
});
