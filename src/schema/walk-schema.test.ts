import { describe, expect, it } from "vitest";
import type { JsonObject } from "../spec/json.js";
import { deepFreeze } from "./__fixtures__/provider-check.js";
import { pointer, pointerTokens } from "./json-utils.js";
import { createContext } from "./repair-context.js";
import { mapSubschemas, untilStable, walkSchema } from "./walk-schema.js";

describe("walking schemas", () => {
  it("visits every subschema position with its pointer, post-order, without mutating the input", () => {
    const input = deepFreeze({
      properties: { "a/b": { items: [{ type: "string" }] }, "t~": { anyOf: [{ not: {} }] } },
      additionalProperties: { type: "number" },
      $defs: { D: { type: "boolean" } },
      default: { properties: { notASchema: {} } },
    }) as JsonObject;
    const seen: string[] = [];
    const out = walkSchema(input, "", createContext(8), (node, path) => {
      seen.push(path);
      return { ...node, seen: true };
    });
    expect(seen).toEqual([
      "/properties/a~1b/items/0",
      "/properties/a~1b",
      "/properties/t~0/anyOf/0/not",
      "/properties/t~0/anyOf/0",
      "/properties/t~0",
      "/additionalProperties",
      "/$defs/D",
      "",
    ]);
    expect((out as JsonObject).default).toEqual({ properties: { notASchema: {} } });
  });

  it("shares unchanged nodes (copy-on-write) and removes children mapped to undefined", () => {
    const input = { properties: { a: { type: "string" }, b: { type: "number" } }, items: { type: "string" } };
    expect(mapSubschemas(input, "", (child) => child)).toBe(input);
    const out = mapSubschemas(input, "", (child, path) => (path === "/properties/b" ? undefined : child));
    expect(out).toEqual({ properties: { a: { type: "string" } }, items: { type: "string" } });
    expect(out.items).toBe(input.items);
  });

  it("round-trips JSON pointers with escapes", () => {
    expect(pointer(pointer("", "a/b", "c~d"), 3)).toBe("/a~1b/c~0d/3");
    expect(pointer("/x", "~/")).toBe("/x/~0~1");
    expect(pointerTokens("/a~1b/c~0d/3")).toEqual(["a/b", "c~d", "3"]);
    expect(pointerTokens("no-slash")).toBeUndefined();
  });

  it("repeats a node step until it stops changing", () => {
    const step = (node: JsonObject) => (typeof node.n === "number" && node.n < 3 ? { n: node.n + 1 } : node);
    expect(untilStable({ n: 0 }, step)).toEqual({ n: 3 });
    expect(untilStable({ n: -10 }, step, 4)).toEqual({ n: -6 });
  });
});
