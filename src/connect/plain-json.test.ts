import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frozenJson, frozenJsonMembers, isFrozenJson, plainCopy, samePlain } from "./plain-json.js";

function deeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

describe("frozenJson", () => {
  it("copies like plainCopy(value, true), and hands its own copies back as they are", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = frozenJson(value);
        expect(copy).toEqual(plainCopy(value, true));
        expect(deeplyFrozen(copy)).toBe(true);
        expect(frozenJson(copy)).toBe(copy);
        if (typeof value === "object" && value !== null) {
          expect(copy).not.toBe(value);
          expect(isFrozenJson(copy)).toBe(true);
          expect(isFrozenJson(value)).toBe(false);
        }
      }),
    );
  });

  it("copies an object someone else froze (it could hold anything)", () => {
    const frozen = Object.freeze({ a: 1 });
    expect(frozenJson(frozen)).not.toBe(frozen);
  });
});

describe("frozenJsonMembers", () => {
  it("equals plainCopy(value, true), with every object member shareable", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))), (value) => {
        const copy = frozenJsonMembers(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(plainCopy(value, true)));
        expect(deeplyFrozen(copy)).toBe(true);
        expect(isFrozenJson(copy)).toBe(true);
        for (const member of Object.values(copy)) {
          if (typeof member === "object" && member !== null) expect(isFrozenJson(member)).toBe(true);
        }
      }),
    );
  });

  it("drops what JSON drops and copies whole what the walk cannot take member by member", () => {
    const tool = { name: "t", skip: undefined, run: () => 1, inputSchema: { type: "object" } };
    expect(frozenJsonMembers(tool)).toEqual({ name: "t", inputSchema: { type: "object" } });
    const withToJson = { name: "t", toJSON: () => ({ replaced: true }) };
    expect(frozenJsonMembers(withToJson)).toEqual({ replaced: true });
  });
});

describe("samePlain", () => {
  it("answers a shared frozen copy without a walk, and compares anything else by content", () => {
    const copy = frozenJson({ type: "object", properties: { a: { type: "string" } } });
    expect(samePlain(copy, copy)).toBe(true);
    expect(samePlain({ type: "object", properties: { a: { type: "string" } } }, copy)).toBe(true);
    expect(samePlain({ properties: { a: { type: "string" } }, type: "object" }, copy)).toBe(false);
    const unplain = { n: Number.NaN };
    expect(samePlain(unplain, unplain)).toBe(false);
  });
});
