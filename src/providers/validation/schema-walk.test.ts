import { describe, expect, it } from "vitest";
import { walkSchema } from "./schema-walk.js";

describe("walkSchema", () => {
  it("visits subschemas pre-order in each node's key order, skipping non-schema values", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "array", items: { type: "string" } }, b: { anyOf: [{ type: "null" }, true] } },
      $defs: { D: { type: "integer" } },
      enum: [{ not: "a schema" }],
    };
    expect([...walkSchema(schema)].map((n) => n.path.join("/"))).toEqual([
      "",
      "properties/a",
      "properties/a/items",
      "properties/b",
      "properties/b/anyOf/0",
      "$defs/D",
    ]);
  });

  it("follows draft-07 tuple items as a list", () => {
    const paths = [...walkSchema({ items: [{ type: "number" }, { type: "string" }] })].map((n) =>
      n.path.join("/"),
    );
    expect(paths).toEqual(["", "items/0", "items/1"]);
  });
});
