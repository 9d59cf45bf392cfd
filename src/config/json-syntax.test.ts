import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findJsonSyntaxError, lineAndColumn } from "./json-syntax.js";
import { parseJsonText } from "./parse-json.js";

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("findJsonSyntaxError", () => {
  it.each([
    ["{", 1, "expected a property name in double quotes, found end of input"],
    ['{"a" 1}', 5, 'expected ":" after a property name, found "1"'],
    ['{"a": 1,}', 8, "trailing comma is not allowed in JSON"],
    ["[1,]", 3, "trailing comma is not allowed in JSON"],
    ["[1 2]", 3, 'expected "," or "]" after an array element, found "2"'],
    ['"abc', 0, "unterminated string"],
    ['"a\\qb"', 2, "invalid escape in string"],
    ['"\\u12g4"', 1, "invalid \\u escape in string"],
    ['"a\nb"', 2, "control character in string (escape it, e.g. \\n)"],
    ["01", 1, "invalid number"],
    ["1.", 1, "invalid number"],
    ["-", 0, "invalid number"],
    ["tru", 0, 'expected a value, found "t"'],
    ["{} x", 3, 'unexpected "x" after the end of the JSON value'],
    ["/* c */ {}", 0, "comments are not allowed in JSON"],
    ["", 0, "expected a value, found end of input"],
  ])("%j", (text, offset, message) => {
    expect(parses(text)).toBe(false);
    expect(findJsonSyntaxError(text)).toEqual({ offset, message });
  });

  it("agrees with JSON.parse on valid JSON", () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(findJsonSyntaxError(text)).toBeUndefined();
      }),
    );
  });

  it("agrees with JSON.parse on mutated JSON", () => {
    const mutated = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom("", ",", "}", "]", '"', ":", "/", "\\", "0", "\n", "x", "-", "."),
      )
      .map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        // Alternate between inserting and replacing a character.
        return at % 2 === 0
          ? text.slice(0, i) + insert + text.slice(i)
          : text.slice(0, i) + insert + text.slice(i + 1);
      });
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string()), (text) => {
        expect(findJsonSyntaxError(text) === undefined).toBe(parses(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("lineAndColumn and parseJsonText", () => {
  it("counts 1-based lines and columns", () => {
    expect(lineAndColumn("ab\ncd\r\nef", 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn("ab\ncd\r\nef", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab\ncd\r\nef", 7)).toEqual({ line: 3, column: 1 });
    expect(lineAndColumn("ab\ncd\r\nef", 8)).toEqual({ line: 3, column: 2 });
  });

  it("ignores a byte-order mark but counts columns in the file as written", () => {
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText("\uFEFF{,}")).toEqual({
      ok: false,
      line: 1,
      column: 3,
      message: 'expected a property name in double quotes, found ","',
    });
  });
});
