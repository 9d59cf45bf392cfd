import { Client } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Codec, LEGACY_ERA, validatorFor } from "./memo-result-validator.js";
import { textOnlyResult } from "./text-only-result.js";

/** The legacy era's codec, as a fresh client negotiates it before any session. */
function legacyCodec(): Codec {
  const internals = new Client({ name: "t", version: "1" }) as unknown as {
    _resolveOutboundCodec(method: string): Codec;
  };
  const codec = internals._resolveOutboundCodec("tools/call");
  expect(codec.era).toBe(LEGACY_ERA);
  return codec;
}

/** What the SDK's own `codecResultValidator` answers for a `tools/call` result: the codec, asked directly. */
function sdkValidate(codec: Codec, value: unknown): { value: unknown } | { issues: { message: string }[] } {
  const outcome = codec.validateResult("tools/call", value);
  if (outcome.ok) return { value: outcome.value };
  return {
    issues: [{ message: outcome.reason === "invalid" ? (outcome.message ?? "") : "not-in-era: tools/call" }],
  };
}

/** JSON text with the keys in the order given, parsed as a server's answer is. */
function parsed(entries: readonly (readonly [string, unknown])[]): unknown {
  return JSON.parse(
    `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`,
  );
}

const text = fc.string({ unit: "grapheme", maxLength: 40 });
const textBlock = fc
  .tuple(text, fc.boolean())
  .map(([value, typeFirst]) =>
    typeFirst
      ? ([
          ["type", "text"],
          ["text", value],
        ] as const)
      : ([
          ["text", value],
          ["type", "text"],
        ] as const),
  )
  .map((entries) => parsed(entries));

/** A structured result as a server writes it: any JSON object, sometimes with a `__proto__` member. */
const structured = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
  fc.dictionary(
    fc.constantFrom("1", "0", "10", "b", "a", "__proto__", "constructor"),
    fc.jsonValue({ maxDepth: 2 }),
    {
      maxKeys: 4,
    },
  ),
);

/** `{ content: [text blocks], structuredContent?, isError? }` with the keys in any order: the shape read here. */
const textResult = fc
  .tuple(
    fc.array(textBlock, { maxLength: 4 }),
    fc.option(fc.boolean(), { nil: undefined }),
    fc.option(structured, { nil: undefined }),
    fc.nat(),
  )
  .map(([content, isError, structuredContent, order]) => {
    const entries: [string, unknown][] = [["content", content]];
    if (isError !== undefined) entries.push(["isError", isError]);
    if (structuredContent !== undefined) entries.push(["structuredContent", structuredContent]);
    // Rotate, so every key comes first in some sample.
    const shift = order % entries.length;
    return parsed([...entries.slice(shift), ...entries.slice(0, shift)]);
  });

/** One change that may or may not keep a value inside the shape: extra keys, other types, other blocks. */
const near = fc.oneof(
  textResult,
  fc
    .tuple(
      textResult,
      fc.constantFrom("_meta", "structuredContent", "__proto__", "toolResult", "task", "isError"),
      fc.jsonValue(),
    )
    .map(([value, key, extra]) => parsed([...Object.entries(value as object), [key, extra]])),
  fc
    .tuple(
      fc.array(
        fc.oneof(
          textBlock,
          fc.record({ type: fc.constantFrom("text", "image", "audio", "Text"), text: fc.jsonValue() }),
          fc.record({ type: fc.constant("text"), text: text, annotations: fc.jsonValue() }),
          fc.record({
            type: fc.constant("image"),
            data: fc.base64String(),
            mimeType: fc.constant("image/png"),
          }),
          fc.jsonValue(),
        ),
        { maxLength: 3 },
      ),
      fc.oneof(fc.constant(undefined), fc.boolean(), fc.jsonValue()),
    )
    .map(([content, isError]) => JSON.parse(JSON.stringify({ content, isError }))),
  fc.jsonValue(),
);

describe("textOnlyResult", () => {
  const codec = legacyCodec();

  it("returns, where it answers, exactly what the SDK's validator returns (same members, same key order)", () => {
    fc.assert(
      fc.property(near, (value) => {
        const ours = textOnlyResult(value);
        if (ours === undefined) return;
        const sdk = sdkValidate(codec, value);
        expect("issues" in sdk ? sdk.issues : []).toEqual([]);
        const sdkValue = (sdk as { value: unknown }).value;
        expect(ours).toEqual(sdkValue);
        expect(JSON.stringify(ours)).toBe(JSON.stringify(sdkValue));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves switchboard's tools/call validator answering as the SDK's, on any value (verdict, value, messages)", () => {
    // The validator every legacy-era tools/call result goes through (the direct path, the SDK's funnel over HTTP,
    // a task's result) reads text-only results itself and asks the codec for everything else.
    const ours = validatorFor(codec, "tools/call");
    fc.assert(
      fc.property(near, (value) => {
        const got = ours?.["~standard"].validate(value);
        const sdk = sdkValidate(codec, value);
        expect(got).toEqual(sdk);
        if ("value" in sdk)
          expect(JSON.stringify((got as { value: unknown }).value)).toBe(JSON.stringify(sdk.value));
      }),
      { numRuns: 2000 },
    );
  });

  it("answers for every such result, in any key order, but one whose structuredContent has a __proto__ member", () => {
    let answered = 0;
    fc.assert(
      fc.property(textResult, (value) => {
        const structured = (value as { structuredContent?: object }).structuredContent;
        if (structured !== undefined && Object.hasOwn(structured, "__proto__")) {
          expect(textOnlyResult(value)).toBeUndefined();
          return;
        }
        answered += 1;
        expect(textOnlyResult(value)).toEqual(value);
      }),
      { numRuns: 300 },
    );
    expect(answered).toBeGreaterThan(200);
  });

  it("leaves every other shape to the SDK", () => {
    const others: unknown[] = [
      JSON.parse('{"content":[{"type":"text","text":"a"}],"__proto__":{"x":1}}'),
      { content: [{ type: "text", text: "a", annotations: { priority: 1 } }] },
      { content: [{ type: "text", text: 1 }] },
      { content: [{ type: "image", data: "AA==", mimeType: "image/png" }] },
      { content: [{ type: "text", text: "a" }], isError: "no" },
      { content: [{ type: "text", text: "a" }], structuredContent: [] },
      { content: [{ type: "text", text: "a" }], structuredContent: null },
      { content: [{ type: "text", text: "a" }], structuredContent: "a" },
      JSON.parse('{"content":[],"structuredContent":{"__proto__":{"x":1}}}'),
      { content: [], structuredContent: Object.defineProperty({}, "a", { get: () => 1, enumerable: true }) },
      { content: [], structuredContent: { [Symbol("s")]: 1 } },
      { content: [], structuredContent: Object.create(null) },
      { content: [{ type: "text", text: "a" }], _meta: {} },
      { isError: true },
      { content: "a" },
      // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested
      { content: [, { type: "text", text: "a" }] },
      Object.assign(Object.create(null), { content: [] }),
      Object.defineProperty({ content: [] }, "isError", { get: () => false, enumerable: true }),
      { content: [], [Symbol("s")]: 1 },
      [{ type: "text", text: "a" }],
      null,
    ];
    for (const value of others) expect(textOnlyResult(value)).toBeUndefined();
  });
});
