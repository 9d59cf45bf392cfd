import { parseJSONRPCMessage } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJsonRpcMessage } from "./json-rpc-message.js";

function verdict(read: (value: unknown) => unknown, value: unknown): boolean {
  try {
    read(value);
    return true;
  } catch {
    return false;
  }
}

/** Values a server might write where a number or string is expected, edges of "integer" included. */
const scalar = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e300, -0),
  fc.string({ maxLength: 4 }),
  fc.constantFrom(null, true, false),
  fc.constant([]),
  fc.constant({}),
);

const meta = fc.oneof(
  fc.record(
    {
      progressToken: scalar,
      "io.modelcontextprotocol/related-task": fc.oneof(fc.record({ taskId: scalar }), scalar),
      other: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
  scalar,
);

const params = fc.oneof(
  fc.record({ _meta: meta, name: fc.string(), x: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] }),
  scalar,
);

const result = fc.oneof(
  fc.record(
    { _meta: meta, content: fc.jsonValue({ maxDepth: 2 }), tools: fc.constant([]) },
    { requiredKeys: [] },
  ),
  scalar,
);

const error = fc.oneof(
  fc.record(
    { code: scalar, message: scalar, data: fc.jsonValue({ maxDepth: 1 }), extra: scalar },
    { requiredKeys: [] },
  ),
  scalar,
);

const validId = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }));
const validMeta = fc.record(
  {
    progressToken: validId,
    "io.modelcontextprotocol/related-task": fc.record({ taskId: fc.string({ maxLength: 3 }) }),
    other: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
const validParams = fc.record({ _meta: validMeta, name: fc.string({ maxLength: 3 }) }, { requiredKeys: [] });

/** One message of each kind, valid as generated. */
const wellFormed = fc.oneof(
  fc.record(
    { jsonrpc: fc.constant("2.0"), id: validId, method: fc.string({ maxLength: 6 }), params: validParams },
    { requiredKeys: ["jsonrpc", "id", "method"] },
  ),
  fc.record(
    { jsonrpc: fc.constant("2.0"), method: fc.string({ maxLength: 6 }), params: validParams },
    { requiredKeys: ["jsonrpc", "method"] },
  ),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id: validId,
    result: fc.record({ _meta: validMeta, content: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }),
  }),
  fc.record(
    {
      jsonrpc: fc.constant("2.0"),
      id: validId,
      error: fc.record(
        { code: fc.integer(), message: fc.string({ maxLength: 4 }), data: fc.jsonValue({ maxDepth: 1 }) },
        { requiredKeys: ["code", "message"] },
      ),
    },
    { requiredKeys: ["jsonrpc", "error"] },
  ),
);

const memberNames = fc.constantFrom(
  "jsonrpc",
  "id",
  "method",
  "params",
  "result",
  "error",
  "extra",
  "__proto__",
);

/** A well-formed message, then perhaps one member set to another value (valid or not) or removed. */
const message = fc
  .tuple(
    wellFormed,
    fc.oneof(
      fc.constant(undefined),
      fc.tuple(memberNames, fc.oneof(scalar, params, result, error, fc.constant("2.0"))),
      fc.tuple(memberNames, fc.constant("delete" as const)),
    ),
  )
  .map(([value, change]) => {
    const entries = Object.entries(value as Record<string, unknown>);
    if (change === undefined) return entries;
    const [key, next] = change;
    const kept = entries.filter(([name]) => name !== key);
    return next === "delete" ? kept : [...kept, [key, next] as [string, unknown]];
  })
  // Through JSON text, as a server's line arrives (so `__proto__` is an own member, as JSON.parse makes it).
  .map(
    (entries) =>
      JSON.parse(
        `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`,
      ) as unknown,
  );

describe("readJsonRpcMessage", () => {
  it("gives the SDK parser's verdict on messages near every kind's shape", () => {
    let accepted = 0;
    fc.assert(
      fc.property(message, (value) => {
        const sdk = verdict(parseJSONRPCMessage, value);
        expect(verdict(readJsonRpcMessage, value)).toBe(sdk);
        if (sdk) accepted += 1;
      }),
      { numRuns: 20_000 },
    );
    // Not a test of refusals only: a fair share of the values are messages.
    expect(accepted).toBeGreaterThan(500);
  });

  it("gives it on arbitrary JSON too", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        expect(verdict(readJsonRpcMessage, value)).toBe(verdict(parseJSONRPCMessage, value));
      }),
      { numRuns: 5_000 },
    );
  });

  it("accepts each kind and returns the message itself", () => {
    const messages = [
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: {} },
      { jsonrpc: "2.0", id: "a", result: { content: [] } },
      { jsonrpc: "2.0", id: 3, error: { code: -32601, message: "Method not found" } },
      { jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } },
    ];
    for (const value of messages) expect(readJsonRpcMessage(value)).toBe(value);
    expect(() => readJsonRpcMessage({ jsonrpc: "2.0", id: null, error: { code: 1, message: "x" } })).toThrow(
      "not a JSON-RPC 2.0 message",
    );
  });
});
