import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasUntrustedCharacters, untrustedText } from "./untrusted-text.js";

/**
 * What must never reach a terminal, written independently of the implementation: C0 but tab and newline, DEL,
 * C1, the Arabic letter mark, zero-width and directional marks, line and paragraph separators, bidi embeddings,
 * overrides and isolates, invisible operators and the BOM.
 */
function isHazard(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x09 || code === 0x0a) return false;
  const ranges: [number, number][] = [
    [0x00, 0x1f],
    [0x7f, 0x9f],
    [0x061c, 0x061c],
    [0x200b, 0x200f],
    [0x2028, 0x202e],
    [0x2060, 0x2069],
    [0xfeff, 0xfeff],
  ];
  return ranges.some(([low, high]) => code >= low && code <= high);
}

/** Reverses the escapes; exact for text that had no backslash of its own. */
function readBack(text: string): string {
  return text.replace(/\\u\{([0-9a-f]+)\}/g, (_match, hex: string) =>
    String.fromCodePoint(Number.parseInt(hex, 16)),
  );
}

const char = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCodePoint(code));

/** Strings dense in hazards, mixed with ordinary, combining and astral text and real attack sequences. */
const mixed = fc.string({
  unit: fc.oneof(
    char(0, 0x3f),
    char(0x7f, 0xa0),
    char(0x0600, 0x0620),
    char(0x2000, 0x2070),
    char(0xfef0, 0xffff),
    fc.constantFrom("\x1b[2J", "\x1b]0;pwned\x07", "\x1b]8;;https://x\x1b\\", "\u009b31m", "\\", "😀"),
    fc.string({ unit: "grapheme" }),
  ),
});

describe("untrustedText", () => {
  it("shows terminal attacks as visible escapes", () => {
    expect(untrustedText("a\x1b[2Jb")).toBe("a\\u{1b}[2Jb");
    expect(untrustedText("\x1b]0;pwned\x07")).toBe("\\u{1b}]0;pwned\\u{7}");
    expect(untrustedText("\u009b31m\u202e\u2066\x7f\r")).toBe("\\u{9b}31m\\u{202e}\\u{2066}\\u{7f}\\u{d}");
  });

  it("never emits a hazardous character, whatever the input", () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const shown = untrustedText(text);
        expect([...shown].filter(isHazard)).toEqual([]);
        expect(hasUntrustedCharacters(shown)).toBe(false);
        expect(hasUntrustedCharacters(text)).toBe([...text].some(isHazard));
      }),
    );
  });

  it("leaves printable text unchanged, and escaping twice changes nothing more", () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const printable = [...text].filter((c) => !isHazard(c)).join("");
        expect(untrustedText(printable)).toBe(printable);
        expect(untrustedText(untrustedText(text))).toBe(untrustedText(text));
      }),
    );
  });

  it("is reversible for text without backslashes, so distinct inputs read differently", () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const plain = text.replaceAll("\\", "");
        const shown = untrustedText(plain);
        expect(readBack(shown)).toBe(plain);
        // Bounded: at most eight characters out per UTF-16 unit in (`\u{feff}`).
        expect(shown.length).toBeLessThanOrEqual(plain.length * 8);
      }),
    );
  });
});
