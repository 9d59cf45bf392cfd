import { describe, expect, it } from "vitest";
import { codes, keysDeep, providerErrors, repairOk } from "./__fixtures__/provider-check.js";
import { repairSchema } from "./index.js";

const tree = {
  type: "object",
  properties: { root: { $ref: "#/$defs/Node" } },
  $defs: {
    Node: {
      type: "object",
      description: "a tree node",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
      required: ["name"],
    },
  },
};

/** How many times `name` occurs as a property down the first `children` chain. */
function chainLength(schema: unknown): number {
  let node = (schema as { properties: Record<string, unknown> }).properties.root as
    | Record<string, unknown>
    | undefined;
  let count = 0;
  while (node !== undefined && typeof node.properties === "object") {
    count += 1;
    const children = (node.properties as Record<string, { items?: Record<string, unknown> }>).children;
    node = children?.items;
  }
  return count;
}

describe("inlining $ref", () => {
  it("inlines $defs and definitions, removes the containers and warns per use site", () => {
    const input = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" }, b: { $ref: "#/definitions/B" } },
      $defs: { A: { type: "string", format: "date" } },
      definitions: { B: { type: "integer" } },
    };
    const result = repairOk(input, "anthropic");
    expect(result.schema).toEqual({
      type: "object",
      properties: { a: { type: "string", format: "date" }, b: { type: "integer" } },
    });
    expect(result.warnings.map((w) => `${w.code} ${w.path}`)).toEqual([
      "ref-inlined /properties/a",
      "ref-inlined /properties/b",
    ]);
  });

  it("resolves pointers into properties, escaped and percent-encoded tokens, anchors and the root $id", () => {
    const input = {
      $id: "https://example.com/tool.json",
      type: "object",
      properties: {
        entry: { type: "string", minLength: 2 },
        copy: { $ref: "#/properties/entry" },
        slash: { $ref: "#/$defs/a~1b" },
        spaced: { $ref: "#/$defs/with%20space" },
        anchored: { $ref: "#point" },
        absolute: { $ref: "https://example.com/tool.json#/$defs/with space" },
      },
      $defs: {
        "a/b": { type: "boolean" },
        "with space": { type: "number" },
        P: { $anchor: "point", type: "null" },
      },
    };
    const props = repairOk(input, "anthropic").schema.properties as Record<string, unknown>;
    expect(props.copy).toEqual({ type: "string", minLength: 2 });
    expect(props.slash).toEqual({ type: "boolean" });
    expect(props.spaced).toEqual({ type: "number" });
    expect(props.anchored).toEqual({ type: "null" });
    expect(props.absolute).toEqual({ type: "number" });
  });

  it("lets $ref siblings override annotations and keeps conflicting constraints under allOf", () => {
    const input = {
      type: "object",
      properties: {
        a: { $ref: "#/$defs/S", description: "more specific" },
        b: { $ref: "#/$defs/S", maxLength: 3 },
      },
      $defs: { S: { type: "string", description: "generic", maxLength: 10 } },
    };
    const props = repairOk(input, "anthropic").schema.properties as Record<string, unknown>;
    expect(props.a).toEqual({ type: "string", description: "more specific", maxLength: 10 });
    expect(props.b).toEqual({
      allOf: [{ type: "string", description: "generic", maxLength: 10 }, { maxLength: 3 }],
    });
    // Dialects without allOf merge it, keeping the tighter bound.
    const gemini = repairOk(input, "gemini-openapi").schema.properties as Record<string, unknown>;
    expect(gemini.b).toMatchObject({ type: "string", maxLength: 3 });
  });

  it("replaces external and dangling refs by a note, so no $ref reaches Gemini (§9 #38)", () => {
    const input = {
      type: "object",
      properties: {
        language: { $ref: "#/$defs/Language", description: "code language" },
        remote: { $ref: "https://example.com/schemas/x.json" },
      },
    };
    expect(providerErrors("gemini-json-schema", input)).toEqual([
      "reference to undefined schema at properties.language",
    ]);
    const result = repairOk(input, "gemini-json-schema");
    expect(keysDeep(result.schema).has("$ref")).toBe(false);
    expect(result.schema.properties).toEqual({
      language: { description: "code language (unresolved reference #/$defs/Language)" },
      remote: { description: "unresolved reference https://example.com/schemas/x.json" },
    });
    expect(codes(result)).toEqual(["ref-unresolvable", "ref-unresolvable"]);
    expect(providerErrors("gemini-json-schema", result.schema)).toEqual([]);
  });

  it("cuts recursion after maxRefDepth levels with a permissive schema of the definition's type", () => {
    const result = repairOk(tree, "anthropic", { maxRefDepth: 3 });
    expect(chainLength(result.schema)).toBe(3);
    const cut = result.warnings.find((w) => w.code === "ref-recursion-truncated");
    expect(cut?.path).toBe("/$defs/Node/properties/children/items");
    expect(JSON.stringify(result.schema)).toContain(
      '"description":"a tree node (recursive definition cut after 3 levels)"',
    );
    expect(chainLength(repairOk(tree, "anthropic").schema)).toBe(8);
  });

  it("cuts recursion in strict dialects with a closed empty object the strict validators accept", () => {
    for (const dialect of ["anthropic-strict", "openai-strict"] as const) {
      const result = repairOk(tree, dialect, { maxRefDepth: 2 });
      expect(JSON.stringify(result.schema)).toContain('"properties":{},"additionalProperties":false');
      expect(providerErrors(dialect, result.schema)).toEqual([]);
    }
  });

  it("terminates on mutual recursion and on a root that refers to itself", () => {
    const mutual = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: {
        A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
        B: { type: "object", properties: { a: { $ref: "#/$defs/A" } } },
      },
    };
    expect(codes(repairOk(mutual, "openai"))).toContain("ref-recursion-truncated");
    const self = repairOk({ type: "object", properties: { again: { $ref: "#" } } }, "gemini-openapi", {
      maxRefDepth: 2,
    });
    expect(JSON.stringify(self.schema).match(/"again"/g)).toHaveLength(3);
  });

  it("halves the depth when a recursive schema would inline too large, and quarantines a huge DAG", () => {
    const wide: Record<string, unknown> = { type: "object", properties: {} };
    for (let i = 0; i < 12; i += 1) (wide.properties as Record<string, unknown>)[`p${i}`] = { $ref: "#" };
    const reduced = repairOk(wide, "anthropic");
    expect(codes(reduced)).toContain("ref-depth-reduced");
    const dag: Record<string, unknown> = { type: "object", properties: { x: { $ref: "#/$defs/D0" } } };
    const defs: Record<string, unknown> = { D30: { type: "string" } };
    for (let i = 0; i < 30; i += 1) {
      defs[`D${i}`] = {
        type: "object",
        properties: { a: { $ref: `#/$defs/D${i + 1}` }, b: { $ref: `#/$defs/D${i + 1}` } },
      };
    }
    dag.$defs = defs;
    expect(repairSchema(dag, "openai")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/inlining \$ref/),
    });
    expect(repairOk(dag, "mcp").schema).toMatchObject({ $defs: defs });
  });
});
