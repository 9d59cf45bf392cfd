import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adoptJsonMembers,
  frozenJson,
  frozenJsonMembers,
  isFrozenJson,
  plainCopy,
  samePlain,
} from "./plain-json.js";

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

describe("adoptJsonMembers", () => {
  /** A tool-like object as JSON.parse makes it, with members JSON would rewrite now and then. */
  const parsed = fc
    .tuple(
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.constantFrom(undefined, -0, () => 1, { toJSON: () => 7 }, Object.freeze({ a: 1 }), { n: [1, -0] }),
    )
    .map(([value, odd]) => {
      const own = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
      return { own, odd };
    });

  it("equals frozenJsonMembers, frozen in place: plain members kept, the rest replaced by frozen copies", () => {
    fc.assert(
      fc.property(parsed, fc.boolean(), ({ own, odd }, withOdd) => {
        const value: Record<string, unknown> = withOdd ? { ...own, odd } : own;
        const expected = JSON.stringify(frozenJsonMembers(value));
        const members = new Map(Object.entries(value));
        const adopted = adoptJsonMembers(value);
        expect(adopted).toBe(value);
        expect(JSON.stringify(adopted)).toBe(expected);
        expect(deeplyFrozen(adopted)).toBe(true);
        expect(isFrozenJson(adopted)).toBe(true);
        for (const [key, member] of Object.entries(adopted)) {
          if (typeof member !== "object" || member === null) continue;
          expect(isFrozenJson(member)).toBe(true);
          // What JSON.parse made is kept as it is; only the odd member is ever copied.
          if (key !== "odd") expect(member).toBe(members.get(key));
          else expect(member).not.toBe(odd);
        }
        if (withOdd && Object.is(odd, -0)) expect(Object.is(adopted.odd, 0)).toBe(true);
      }),
    );
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
