import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import type { ToolContent } from "../spec/tool-call.js";
import { truncateContent } from "./truncate-result.js";

const tokens = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
const words = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => `word${from + index}`).join(" ");

describe("truncateContent", () => {
  it("leaves a result within the limit untouched", () => {
    const content: ToolContent[] = [{ type: "text", text: "short" }];
    expect(truncateContent(content, 100)).toEqual({ content });
    expect(
      truncateContent([{ type: "text", text: words(5_000) }], Number.POSITIVE_INFINITY).truncated,
    ).toBeUndefined();
  });

  it("cuts at a token boundary, drops later text, keeps images, and appends a note", () => {
    const first = words(2_000);
    const content: ToolContent[] = [
      { type: "text", text: first },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "text", text: words(500, 9_000) },
    ];
    const out = truncateContent(content, 1_000);
    const original = tokens(first) + tokens(words(500, 9_000));
    expect(out.truncated).toEqual({
      limitTokens: 1_000,
      originalTokens: original,
      keptTokens: expect.any(Number),
    });
    expect(out.content.map((part) => part.type)).toEqual(["text", "image", "text"]);
    const kept = out.content[0];
    expect(kept?.type === "text" && first.startsWith(kept.text)).toBe(true);
    expect(kept?.type === "text" && tokens(kept.text)).toBe(out.truncated?.keptTokens);
    const note = out.content[2];
    expect(note?.type === "text" && note.text).toContain(
      `it was about ${original} tokens, over the 1000-token limit`,
    );
    expect(note?.type === "text" && note.text).toContain("1 later text part(s) were left out entirely");
  });

  it("counts embedded text resources and cuts them in place", () => {
    const out = truncateContent([{ type: "resource", uri: "r://1", text: words(3_000) }], 200);
    expect(out.content[0]).toMatchObject({ type: "resource", uri: "r://1" });
    expect(out.truncated?.keptTokens).toBeLessThanOrEqual(200);
  });

  it("treats special-token text as plain text", () => {
    const out = truncateContent([{ type: "text", text: "<|endoftext|> ".repeat(2_000) }], 100);
    expect(out.truncated?.originalTokens).toBeGreaterThan(100);
  });

  it("property: the kept text plus the note stays within the limit, and is a prefix of the original", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 3_000 }),
        fc.integer({ min: 100, max: 600 }),
        (text, limit) => {
          const out = truncateContent([{ type: "text", text }], limit);
          const keptParts = out.content.filter(
            (part): part is { type: "text"; text: string } => part.type === "text",
          );
          if (out.truncated === undefined) {
            expect(keptParts[0]?.text).toBe(text);
            return;
          }
          const kept = keptParts[0]?.text ?? "";
          const total = keptParts.reduce((sum, part) => sum + tokens(part.text), 0);
          expect(total).toBeLessThanOrEqual(limit);
          // Decoding a token prefix can end in half a character (shown as U+FFFD); compare up to it.
          const clean = kept.replace(/\uFFFD+$/, "");
          expect(text.startsWith(clean)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
  it("counts long ordinary text exactly", () => {
    const text = `${words(20_000)}\n  indented  twice  ${words(100, 50_000)}`;
    const out = truncateContent([{ type: "text", text }], 1_000);
    expect(out.truncated?.originalTokens).toBe(tokens(text));
  });

  it("stays fast on a megabyte without a space (a scanning merge is quadratic in one word's length)", () => {
    const started = performance.now();
    const out = truncateContent([{ type: "text", text: "x".repeat(1_000_000) }], 25_000);
    const random = Array.from({ length: 300_000 }, (_, index) =>
      String.fromCharCode(97 + ((index * 7919) % 26)),
    );
    const second = truncateContent([{ type: "text", text: random.join("") }], 25_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(out.truncated?.originalTokens).toBeGreaterThan(100_000);
    expect(out.truncated?.keptTokens).toBeLessThanOrEqual(25_000);
    expect(second.truncated?.keptTokens).toBeLessThanOrEqual(25_000);
    const kept = out.content[0];
    expect(kept?.type === "text" && /^x+$/.test(kept.text)).toBe(true);
  });
});
