import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ArrayLayout, bytesOfWhole, cutParts, joinedBytes, joinParts } from "./array-bytes.js";

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

describe("bytesOfWhole", () => {
  /** Definitions whose strings are full of what the scan must not take for structure. */
  const tricky = fc.string({ unit: fc.constantFrom(",", "[", "]", "{", "}", '"', "\\", "a", "é", "\n") });
  const definitions = fc.array(
    fc.dictionary(tricky, fc.oneof(tricky, fc.jsonValue({ maxDepth: 3 })), { minKeys: 0, maxKeys: 4 }),
    { maxLength: 12 },
  );
  const wrap = (layout: ArrayLayout, tools: unknown[]) =>
    layout === gemini ? (tools.length === 0 ? [] : [{ functionDeclarations: tools }]) : tools;

  it("cuts one JSON.stringify of the array into each definition's own bytes, as joinedBytes would make them", () => {
    fc.assert(
      fc.property(definitions, fc.constantFrom(flat, gemini), (tools, layout) => {
        const json = JSON.stringify(wrap(layout, tools));
        const whole = bytesOfWhole(json, tools.length, layout);
        const joined = joinedBytes(
          tools.map((tool) => JSON.stringify(tool)),
          layout,
        );
        expect(whole?.json).toBe(joined.json);
        expect(whole?.hash).toBe(joined.hash);
        expect(whole?.parts).toEqual(joined.parts);
      }),
    );
  });

  it("declines bytes that are not that many definitions in that layout", () => {
    const json = JSON.stringify([{ a: "x,y" }, { b: ["[", "]"] }]);
    expect(bytesOfWhole(json, 2, flat)?.parts).toEqual(['{"a":"x,y"}', '{"b":["[","]"]}']);
    expect(bytesOfWhole(json, 3, flat)).toBeUndefined();
    expect(bytesOfWhole(json, 2, gemini)).toBeUndefined();
    expect(bytesOfWhole("[]", 0, flat)?.parts).toEqual([]);
    expect(bytesOfWhole('[{"a":"unterminated]', 1, flat)).toBeUndefined();
  });
});
