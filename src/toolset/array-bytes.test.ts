import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ArrayLayout, cutParts, joinedBytes, joinParts } from "./array-bytes.js";

const flat: ArrayLayout = { prefix: "[", suffix: "]", empty: "[]" };
const gemini: ArrayLayout = { prefix: '[{"functionDeclarations":[', suffix: "]}]", empty: "[]" };

describe("joinedBytes", () => {
  it("joins like JSON.stringify of the array, hashes the bytes and hands back equal parts", () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.string(), fc.jsonValue())), (tools) => {
        const parts = tools.map((tool) => JSON.stringify(tool));
        const joined = joinedBytes(parts, flat);
        expect(joined.json).toBe(JSON.stringify(tools));
        expect(joined.hash).toBe(createHash("sha256").update(joined.json).digest("hex"));
        expect(joined.parts).toEqual(parts);
      }),
    );
  });

  it("wraps gemini's declarations, and an empty array is [] in every layout", () => {
    const parts = ['{"name":"a"}', '{"name":"bb"}'];
    expect(joinParts(parts, gemini)).toBe(
      JSON.stringify([{ functionDeclarations: parts.map((p) => JSON.parse(p)) }]),
    );
    expect(joinedBytes(parts, gemini).parts).toEqual(parts);
    expect(joinedBytes([], gemini)).toMatchObject({ json: "[]", parts: [] });
    expect(joinedBytes([], flat)).toMatchObject({ json: "[]", parts: [] });
  });
});

describe("cutParts", () => {
  it("gives the parts back unchanged when the json is not their join", () => {
    const parts = ['{"name":"a"}', '{"name":"b"}'];
    expect(cutParts('[{"name":"a"}]', parts, flat)).toBe(parts);
    expect(cutParts(joinParts(parts, flat), parts, flat)).not.toBe(parts);
  });
});
