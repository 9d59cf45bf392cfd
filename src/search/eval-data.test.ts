import { describe, expect, it } from "vitest";
import { parseJsonl, pickDistractors, readQueries, readTools } from "./eval-data.js";
import { toolKey } from "./tool-index.js";

describe("eval data readers", () => {
  it("reads tools, filling a missing schema and keeping the first of a repeated key", () => {
    const rows = parseJsonl(
      [
        '{"server":"metatool","name":"Weather","description":"Forecasts","inputSchema":null,"source":"x"}',
        "",
        '{"server":"s","name":"t","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}',
        '{"server":"s","name":"t","description":"second copy"}',
      ].join("\n"),
      "tools.jsonl",
    );
    expect(readTools(rows, "tools.jsonl")).toEqual([
      {
        server: "metatool",
        tool: { name: "Weather", description: "Forecasts", inputSchema: { type: "object", properties: {} } },
      },
      {
        server: "s",
        tool: { name: "t", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
      },
    ]);
  });

  it("names the file and line of bad input", () => {
    expect(() => parseJsonl('{"a":1}\n{oops', "q.jsonl")).toThrow(/q\.jsonl:2: not JSON/);
    expect(() => readTools([{ name: "x" }], "t.jsonl")).toThrow(/t\.jsonl: row 1 needs string "server"/);
    expect(() => readQueries([{ query: "q", gold: [{ server: "s" }] }], "q.jsonl")).toThrow(
      /without server and tool/,
    );
  });

  it("groups an alternative with the gold entry before it", () => {
    const [query] = readQueries(
      [
        {
          id: "1",
          query: "directions by bike",
          gold: [
            { server: "amap", tool: "bicycling", arguments: {} },
            { server: "google", tool: "directions", alternative: true },
            { server: "baidu", tool: "directions", alternative: true },
            { server: "amap", tool: "geocode" },
          ],
        },
      ],
      "q.jsonl",
    );
    expect(query?.groups).toEqual([
      [toolKey("amap", "bicycling"), toolKey("google", "directions"), toolKey("baidu", "directions")],
      [toolKey("amap", "geocode")],
    ]);
  });

  it("picks distractors in a fixed order independent of the pool's order, skipping catalogue keys", () => {
    const pool = readTools(
      Array.from({ length: 50 }, (_, i) => ({ server: `srv${i % 7}`, name: `tool${i}` })),
      "pool",
    );
    const catalogue = pool.slice(0, 5);
    const picked = pickDistractors(pool, catalogue, 10);
    expect(picked).toHaveLength(10);
    expect(pickDistractors([...pool].reverse(), catalogue, 10)).toEqual(picked);
    const taken = new Set(catalogue.map((item) => item.tool.name));
    expect(picked.some((item) => taken.has(item.tool.name))).toBe(false);
    expect(pickDistractors(pool, catalogue, 20).slice(0, 10)).toEqual(picked); // a prefix of a longer sample
    expect(pickDistractors(pool, catalogue)).toHaveLength(45);
  });
});
