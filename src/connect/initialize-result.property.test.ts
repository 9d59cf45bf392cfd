import { Client } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readInitializeResult } from "./initialize-result.js";
import { type Codec, LEGACY_ERA } from "./memo-result-validator.js";

function legacyCodec(): Codec {
  const internals = new Client({ name: "t", version: "1" }) as unknown as {
    _resolveOutboundCodec(method: string): Codec;
  };
  const codec = internals._resolveOutboundCodec("initialize");
  expect(codec.era).toBe(LEGACY_ERA);
  return codec;
}

/** JSON text with the members in the order given, parsed as a server's answer is. */
function parsed(entries: readonly (readonly [string, unknown])[]): unknown {
  return JSON.parse(
    `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`,
  );
}

/** Members in a random order, some perhaps left out, some perhaps wrong. */
function shuffled(members: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.record(members, { requiredKeys: [] }), fc.array(fc.integer(), { minLength: 8, maxLength: 8 }))
    .map(([value, order]) => {
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, member]) => member !== ABSENT,
      );
      const ranked = entries.map((entry, index) => ({ entry, rank: order[index % 8] ?? 0 }));
      ranked.sort((a, b) => a.rank - b.rank);
      return parsed(ranked.map(({ entry }) => entry));
    });
}

/** A member left out (most of the time, for the members that make an answer unusual). */
const ABSENT = Symbol("absent");
const rare = (arbitrary: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 12, arbitrary: fc.constant(ABSENT) }, { weight: 1, arbitrary });

const odd = fc.oneof(fc.constantFrom(null, 1, "x", true, [], {}), fc.jsonValue({ maxDepth: 1 }));
const flag = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: odd });
const capability = (flags: string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: shuffled(Object.fromEntries([...flags.map((name) => [name, flag]), ["extra", rare(flag)]])),
    },
    { weight: 1, arbitrary: odd },
  );

const capabilities = fc.oneof(
  {
    weight: 6,
    arbitrary: shuffled({
      logging: fc.oneof(fc.constant({}), odd),
      completions: fc.oneof(fc.constant({}), odd),
      prompts: capability(["listChanged"]),
      resources: capability(["subscribe", "listChanged"]),
      tools: capability(["listChanged"]),
      tasks: rare(fc.constant({ list: {} })),
      experimental: rare(fc.constant({ x: {} })),
    }),
  },
  { weight: 1, arbitrary: odd },
);

const text = fc.string({ maxLength: 5 });
const serverInfo = fc.oneof(
  {
    weight: 6,
    arbitrary: shuffled({
      name: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: odd }),
      version: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: odd }),
      title: fc.oneof(text, odd),
      websiteUrl: rare(fc.constant("https://example.com")),
    }),
  },
  { weight: 1, arbitrary: odd },
);

const initializeResult = shuffled({
  protocolVersion: fc.oneof(fc.constantFrom("2025-11-25", "2025-06-18", "1999-01-01"), odd),
  capabilities,
  serverInfo,
  instructions: fc.oneof(text, odd),
  _meta: rare(fc.constant({})),
  other: rare(odd),
});

describe("readInitializeResult", () => {
  it("returns what the SDK's validator returns, key order included, or leaves the answer to it", () => {
    const codec = legacyCodec();
    let read = 0;
    fc.assert(
      fc.property(initializeResult, (value) => {
        const mine = readInitializeResult(value);
        if (mine === undefined) return;
        read += 1;
        const outcome = codec.validateResult("initialize", value);
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        expect(JSON.stringify(mine)).toBe(JSON.stringify(outcome.value));
        expect(mine).toStrictEqual(outcome.value);
      }),
      { numRuns: 20_000 },
    );
    // Most well-formed answers are read here, not merely left to the SDK.
    expect(read).toBeGreaterThan(50);
  });

  it("reads a typical answer and leaves an unusual one to the SDK", () => {
    expect(
      readInitializeResult({
        capabilities: { tools: { listChanged: true }, logging: {} },
        serverInfo: { version: "1.0.0", name: "bench" },
        protocolVersion: "2025-06-18",
      }),
    ).toStrictEqual({
      protocolVersion: "2025-06-18",
      capabilities: { logging: {}, tools: { listChanged: true } },
      serverInfo: { name: "bench", version: "1.0.0" },
    });
    const withTasks = {
      protocolVersion: "2025-11-25",
      capabilities: { tasks: { list: {} } },
      serverInfo: { name: "s", version: "1" },
    };
    expect(readInitializeResult(withTasks)).toBeUndefined();
  });
});
