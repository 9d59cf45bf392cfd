import { describe, expect, it } from "vitest";
import type { JsonObject } from "../spec/json.js";
import { stripStrictNulls } from "./strip-strict-nulls.js";

const schema: JsonObject = {
  type: "object",
  properties: {
    query: { type: "string" },
    limit: { type: "integer" },
    cursor: { type: ["string", "null"] },
    mode: { anyOf: [{ type: "string" }, { type: "null" }] },
    anything: {},
    filter: {
      type: "object",
      properties: { tag: { type: "string" }, since: { type: "string" } },
      required: ["tag"],
    },
    items: { type: "array", items: { $ref: "#/$defs/Item" } },
  },
  required: ["query"],
  $defs: {
    Item: {
      type: "object",
      properties: { id: { type: "string" }, note: { type: "string" } },
      required: ["id"],
    },
  },
};

describe("stripStrictNulls", () => {
  it("drops nulls only where the property is optional and its schema rejects null", () => {
    const args = {
      query: null,
      limit: null,
      cursor: null,
      mode: null,
      anything: null,
      filter: { tag: null, since: null },
      items: [
        { id: null, note: null },
        { id: "a", note: "n" },
      ],
      extra: null,
    };
    expect(stripStrictNulls(schema, args)).toEqual({
      query: null,
      cursor: null,
      mode: null,
      anything: null,
      filter: { tag: null },
      items: [{ id: null }, { id: "a", note: "n" }],
      extra: null,
    });
    // The input is not mutated.
    expect(args.limit).toBeNull();
    expect(args.filter.since).toBeNull();
  });

  it("returns the same object when nothing changes", () => {
    const args = { query: "x", limit: 3 };
    expect(stripStrictNulls(schema, args)).toBe(args);
  });
});
