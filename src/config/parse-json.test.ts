import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsoncToJson } from "./jsonc-to-json.js";
import { parseJsonText } from "./parse-json.js";

/** `value` as JSONC: a comment or nothing between tokens, and a trailing comma or not after the last member. */
function jsonc(value: unknown, pick: () => number): string {
  const comments = ["", " ", "// line, with } and ]\n", "/* block, with , and */", "/* a\nb */"];
  const gap = () => comments[pick() % comments.length] as string;
  const trailing = () => (pick() % 2 === 0 ? `,${gap()}` : "");
  if (Array.isArray(value)) {
    if (value.length === 0) return `[${gap()}]`;
    return `[${value.map((item) => `${gap()}${jsonc(item, pick)}${gap()}`).join(",")}${trailing()}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return `{${gap()}}`;
    const members = entries.map(
      ([key, item]) => `${gap()}${JSON.stringify(key)}${gap()}:${gap()}${jsonc(item, pick)}`,
    );
    return `{${members.join(",")}${trailing()}}`;
  }
  return JSON.stringify(value);
}

describe("parseJsonText", () => {
  it("reads JSONC as the JSON it stands for; blanking keeps every offset and line break", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.infiniteStream(fc.nat()), (value, stream) => {
        const numbers = stream[Symbol.iterator]();
        const text = jsonc(value, () => numbers.next().value as number);
        const parsed = parseJsonText(text);
        expect(parsed).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
        const plain = jsoncToJson(text);
        if (!plain.ok) throw new Error("valid JSONC refused");
        expect(plain.text.length).toBe(text.length);
        expect([...plain.text.matchAll(/\n/g)].map((m) => m.index)).toEqual(
          [...text.matchAll(/\n/g)].map((m) => m.index),
        );
      }),
    );
  });

  it("keeps a __proto__ member a member, not the prototype", () => {
    const parsed = parseJsonText('{ "__proto__": { "polluted": true }, // c\n}');
    expect(parsed.ok).toBe(true);
    const value = (parsed as { value: object }).value;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("still refuses what JSONC does not allow, with the position", () => {
    expect(parseJsonText("[1,,]")).toMatchObject({ ok: false, line: 1, column: 4 });
    expect(parseJsonText("{,}")).toMatchObject({ ok: false, line: 1, column: 2 });
    expect(parseJsonText("\uFEFF{\n /* open")).toEqual({
      ok: false,
      line: 2,
      column: 2,
      message: "unterminated comment",
    });
  });
});
