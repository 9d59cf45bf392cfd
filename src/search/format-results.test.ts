import { describe, expect, it } from "vitest";
import { compactSchema, descriptionHead, formatSearchResults } from "./format-results.js";

describe("formatSearchResults", () => {
  it("lists name, description head and compact schema per tool", () => {
    const text = formatSearchResults("weather", [
      {
        name: "weather__get_forecast",
        description: "Get the forecast.\n\n  Uses the national service.",
        inputSchema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          description: "root description, repeated from the tool",
          properties: {
            city: { type: "string", description: "City name", title: "City" },
            title: { type: "string" },
          },
          required: ["city"],
        },
      },
    ]);
    expect(text).toBe(
      [
        '1 tool for "weather". Use call_tool with the name and arguments fitting the input schema.',
        "",
        "1. weather__get_forecast",
        "   Get the forecast. Uses the national service.",
        '   input: {"type":"object","properties":{"city":{"type":"string","description":"City name"},"title":{"type":"string"}},"required":["city"]}',
      ].join("\n"),
    );
  });

  it("says what to do when nothing matched", () => {
    expect(formatSearchResults("teleport", [])).toMatch(/^No tools matched "teleport"\. Search again/);
  });
});

describe("descriptionHead", () => {
  it("cuts at a sentence, else at a word, within the limit", () => {
    expect(descriptionHead("Short.", 100)).toBe("Short.");
    expect(descriptionHead("First sentence here. Second sentence that is long.", 30)).toBe(
      "First sentence here.",
    );
    const head = descriptionHead("word ".repeat(40), 50);
    expect(head.endsWith("…")).toBe(true);
    expect(head.length).toBeLessThanOrEqual(50);
  });
});

describe("compactSchema", () => {
  const big = {
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `field${i}`,
        {
          type: "object",
          description: "d".repeat(100),
          properties: { inner: { type: "string", description: "x".repeat(80) } },
        },
      ]),
    ),
    required: ["field0"],
  };

  it("drops nested descriptions first, then falls back to an outline, staying valid JSON", () => {
    const full = compactSchema(big, 100_000);
    expect(full).toContain("ddd");
    const bare = compactSchema(big, 3_000);
    expect(bare).not.toContain("ddd");
    expect(JSON.parse(bare).properties.field3.properties.inner).toEqual({ type: "string" });
    const outline = JSON.parse(compactSchema(big, 500));
    expect(outline.properties.field3).toEqual({ type: "object" });
    expect(outline.required).toEqual(["field0"]);
    expect(outline.$comment).toMatch(/shortened/);
  });

  it("clips long nested descriptions", () => {
    const schema = compactSchema(
      { type: "object", properties: { a: { type: "string", description: "y ".repeat(200) } } },
      10_000,
    );
    expect(JSON.parse(schema).properties.a.description.length).toBeLessThanOrEqual(160);
  });
});
