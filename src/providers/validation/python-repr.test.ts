import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pythonRepr, pythonStr, pythonString, pythonTuple } from "./python-repr.js";

/** Reads back a CPython string literal as printed by `pythonString` (the escapes it emits, nothing more). */
function readPythonString(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(x[0-9a-f]{2}|.)/g, (_, esc: string) => {
    if (esc.startsWith("x") && esc.length === 3)
      return String.fromCharCode(Number.parseInt(esc.slice(1), 16));
    return ({ n: "\n", r: "\r", t: "\t" } as Record<string, string>)[esc] ?? esc;
  });
}

describe("pythonString", () => {
  it("round-trips any string through CPython's literal syntax", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const literal = pythonString(text);
        expect(readPythonString(literal)).toBe(text);
        expect(literal[0]).toBe(literal.at(-1));
      }),
    );
  });

  it("picks double quotes only for text with a single quote and no double quote", () => {
    expect(pythonString("it's")).toBe(`"it's"`);
    expect(pythonString(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(pythonString("词汇")).toBe("'词汇'");
  });
});

describe("pythonRepr / pythonTuple", () => {
  it("prints JSON values as CPython does", () => {
    expect(pythonRepr({ a: [1, true, null], "b'": "x" })).toBe(`{'a': [1, True, None], "b'": 'x'}`);
    expect(pythonRepr([])).toBe("[]");
    expect(pythonStr("array")).toBe("array");
    expect(pythonStr(null)).toBe("None");
  });

  it("prints tuples with the one-element trailing comma", () => {
    expect(pythonTuple([])).toBe("()");
    expect(pythonTuple(["properties"])).toBe("('properties',)");
    expect(pythonTuple(["properties", "texts"])).toBe("('properties', 'texts')");
  });
});
