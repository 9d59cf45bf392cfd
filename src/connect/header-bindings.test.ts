import { describe, expect, it } from "vitest";
import { headerBindingFault } from "./header-bindings.js";

/** An object schema whose properties are `count` string properties, the last one carrying `binding`. */
function wide(count: number, binding: Record<string, unknown>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count - 1; index += 1) properties[`p${index}`] = { type: "string" };
  properties.last = { type: "string", ...binding };
  return { type: "object", properties };
}

describe("headerBindingFault", () => {
  it("has nothing to say about a schema without bindings", () => {
    expect(headerBindingFault(wide(50, {}))).toBeUndefined();
    expect(headerBindingFault("not a schema")).toBeUndefined();
  });

  it("finds a bad binding on the last of many properties", () => {
    expect(headerBindingFault(wide(50, { "x-mcp-header": "" }))).toBe(
      'property "last": x-mcp-header must be a non-empty string',
    );
  });

  it("finds a binding below items, which has no fixed argument to mirror", () => {
    const schema = {
      type: "object",
      properties: { list: { type: "array", items: { type: "string", "x-mcp-header": "Region" } } },
    };
    expect(headerBindingFault(schema)).toBe(
      'property "list.items": x-mcp-header is allowed only on a property reached through "properties"',
    );
  });

  it("judges the first 10,000 nodes only, with or without a binding past them", () => {
    // The root and 9,999 properties fill the bound: the last property is never reached.
    expect(headerBindingFault(wide(10_000, { "x-mcp-header": "" }))).toBeUndefined();
    expect(headerBindingFault(wide(9_999, { "x-mcp-header": "" }))).toBeDefined();
  });
});
