import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TARGET_IDS } from "../providers/targets.js";
import { validateTargetTools } from "../providers/validate-target-tools.js";
import type { JsonObject, JsonValue } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";

/** Same value, object keys in a different (seeded) order at every level. */
function shuffleKeys(value: JsonValue, random: () => number): JsonValue {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, random));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
  }
  const out: { [key: string]: JsonValue } = {};
  for (const key of keys) out[key] = shuffleKeys(value[key] as JsonValue, random);
  return out;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const propertySchema: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.record({ type: fc.constant("string"), description: fc.string({ maxLength: 20 }) }),
  fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: 0, max: 5 }) }),
  fc.record({
    type: fc.constant("string"),
    enum: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ type: fc.constant("array"), items: fc.constant({ type: "string" }) }),
  fc.record({ type: fc.constant(["string", "null"]) }),
  fc.record({ type: fc.constant("string"), format: fc.constantFrom("uri", "date-time", "email") }),
  fc.record({ type: fc.constant("object"), properties: fc.constant({ inner: { type: "boolean" } }) }),
) as fc.Arbitrary<JsonObject>;

const toolName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_.\-/ ]{0,40}$/);
const serverName = fc.stringMatching(/^[a-z][a-z0-9.\- ]{0,30}$/);

const tool: fc.Arbitrary<ServerTool> = fc
  .record({
    server: serverName,
    name: toolName,
    description: fc.string({ maxLength: 40 }),
    properties: fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,12}$/), propertySchema, { maxKeys: 5 }),
    requiredCount: fc.nat({ max: 5 }),
  })
  .map(({ server, name, description, properties, requiredCount }) => ({
    server,
    tool: {
      name,
      description,
      inputSchema: { type: "object", properties, required: Object.keys(properties).slice(0, requiredCount) },
    },
  }));

const catalogue = fc.uniqueArray(tool, {
  minLength: 1,
  maxLength: 12,
  selector: (item) => `${item.server}\u0000${item.tool.name}`,
});

describe("buildToolset", () => {
  it("gives identical bytes whatever the tool order and the key order inside schemas", () => {
    fc.assert(
      fc.property(catalogue, fc.integer(), (tools, seed) => {
        const random = seeded(seed);
        const shuffled = tools
          .map((item) => ({ item, key: random() }))
          .sort((a, b) => a.key - b.key)
          .map(({ item }) => ({
            server: item.server,
            tool: { ...item.tool, inputSchema: shuffleKeys(item.tool.inputSchema, random) as JsonObject },
          }));
        for (const target of TARGET_IDS) {
          const a = buildToolset(tools, target);
          const b = buildToolset(shuffled, target);
          expect(b.json).toBe(a.json);
          expect(b.hash).toBe(a.hash);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("produces arrays every provider's validator accepts, with every tool accounted for", () => {
    fc.assert(
      fc.property(catalogue, (tools) => {
        for (const target of TARGET_IDS) {
          const toolset = buildToolset(tools, target);
          expect(validateTargetTools(toolset.target, toolset.tools), target).toEqual([]);
          expect(toolset.entries).toHaveLength(tools.length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("never mutates its input", () => {
    fc.assert(
      fc.property(catalogue, (tools) => {
        const before = JSON.stringify(tools);
        for (const target of TARGET_IDS) buildToolset(tools, target);
        expect(JSON.stringify(tools)).toBe(before);
      }),
      { numRuns: 30 },
    );
  });
});
