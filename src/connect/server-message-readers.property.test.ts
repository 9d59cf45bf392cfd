import { Client } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Codec, LEGACY_ERA } from "./memo-result-validator.js";
import { noParams, readLogMessage, readResourceUpdated } from "./server-message-readers.js";

/** The codec an SDK client validates a 2025-era server's messages with. */
function legacyCodec(): Codec & {
  validateNotification(method: string, value: unknown): { ok: boolean; value?: { params?: unknown } };
  validateRequest(method: string, value: unknown): { ok: boolean };
} {
  const internals = new Client({ name: "t", version: "1" }) as unknown as {
    _resolveOutboundCodec(method: string): ReturnType<typeof legacyCodec>;
  };
  const codec = internals._resolveOutboundCodec("roots/list");
  expect(codec.era).toBe(LEGACY_ERA);
  return codec;
}

/** An object's members in a random order, each perhaps left out, as JSON text parsed like a message. */
function shuffled(members: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.record(members, { requiredKeys: [] }), fc.array(fc.integer(), { minLength: 6, maxLength: 6 }))
    .map(([value, order]) => {
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, member]) => member !== ABSENT,
      );
      const ranked = entries.map((entry, index) => ({ entry, rank: order[index % 6] ?? 0 }));
      ranked.sort((a, b) => a.rank - b.rank);
      const text = ranked.map(
        ({ entry: [key, member] }) => `${JSON.stringify(key)}:${JSON.stringify(member)}`,
      );
      return JSON.parse(`{${text.join(",")}}`);
    });
}

const odd = fc.oneof(fc.constantFrom(null, 1, "x", true, [], {}), fc.jsonValue({ maxDepth: 1 }));
const level = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "debug",
      "info",
      "notice",
      "warning",
      "error",
      "critical",
      "alert",
      "emergency",
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom("INFO", "trace", ""), odd) },
);
/** A member left out most of the time (the members that make a message unusual). */
const ABSENT = Symbol("absent");
const rare = (arbitrary: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 8, arbitrary: fc.constant(ABSENT) }, { weight: 1, arbitrary });

const logParams = fc.oneof(
  {
    weight: 8,
    arbitrary: shuffled({
      level,
      data: fc.jsonValue({ maxDepth: 2 }),
      logger: fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 4 }) }, { weight: 1, arbitrary: odd }),
      _meta: rare(fc.constantFrom({}, { progressToken: 1 }, "x")),
      extra: rare(odd),
    }),
  },
  { weight: 1, arbitrary: odd },
);

const updatedParams = fc.oneof(
  {
    weight: 6,
    arbitrary: shuffled({
      uri: fc.oneof({ weight: 4, arbitrary: fc.webUrl() }, { weight: 1, arbitrary: odd }),
      _meta: rare(fc.constantFrom({}, "x")),
      other: rare(odd),
    }),
  },
  { weight: 1, arbitrary: odd },
);

const requestParams = fc.oneof(
  fc.constant(undefined),
  fc.constant({}),
  shuffled({ _meta: fc.constantFrom({}, { progressToken: "t" }, "x"), cursor: rare(odd) }),
  odd,
);

describe("server message readers", () => {
  const codec = legacyCodec();

  it("read a log line as the SDK's schema hands it to a handler, or leave it to the SDK", () => {
    let read = 0;
    fc.assert(
      fc.property(logParams, (params) => {
        const mine = readLogMessage(params);
        if (mine === undefined) return;
        read += 1;
        const outcome = codec.validateNotification("notifications/message", {
          method: "notifications/message",
          params,
        });
        expect(outcome.ok).toBe(true);
        expect(JSON.stringify(mine)).toBe(JSON.stringify(outcome.value?.params));
        expect(mine).toStrictEqual(outcome.value?.params);
      }),
      { numRuns: 5_000 },
    );
    expect(read).toBeGreaterThan(500);
  });

  it("read a resource update the same way", () => {
    let read = 0;
    fc.assert(
      fc.property(updatedParams, (params) => {
        const mine = readResourceUpdated(params);
        if (mine === undefined) return;
        read += 1;
        const outcome = codec.validateNotification("notifications/resources/updated", {
          method: "notifications/resources/updated",
          params,
        });
        expect(outcome.ok).toBe(true);
        expect(mine).toStrictEqual(outcome.value?.params);
      }),
      { numRuns: 3_000 },
    );
    expect(read).toBeGreaterThan(300);
  });

  it("answer roots/list only when its params are ones the SDK accepts", () => {
    fc.assert(
      fc.property(requestParams, (params) => {
        if (!noParams(params)) return;
        const request = params === undefined ? { method: "roots/list" } : { method: "roots/list", params };
        expect(codec.validateRequest("roots/list", { jsonrpc: "2.0", id: 1, ...request }).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("read typical messages and leave unusual ones", () => {
    expect(readLogMessage({ data: "started", level: "info", logger: "srv" })).toStrictEqual({
      level: "info",
      logger: "srv",
      data: "started",
    });
    expect(readLogMessage({ level: "info" })).toBeUndefined();
    expect(readLogMessage({ level: "verbose", data: 1 })).toBeUndefined();
    expect(readLogMessage({ level: "info", data: 1, _meta: {} })).toBeUndefined();
    expect(readResourceUpdated({ uri: "file:///a" })).toStrictEqual({ uri: "file:///a" });
    expect(readResourceUpdated({ uri: 1 })).toBeUndefined();
    expect(noParams(undefined)).toBe(true);
    expect(noParams({ _meta: {} })).toBe(false);
  });
});
