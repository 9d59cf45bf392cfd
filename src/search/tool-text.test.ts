import { describe, expect, it } from "vitest";
import { parameterText, toolText } from "./tool-text.js";

describe("toolText", () => {
  it("splits the tool and server names and keeps title and description", () => {
    const text = toolText({
      server: "@acme/weather-mcp",
      tool: {
        name: "getForecast_daily",
        title: "Daily forecast",
        description: "Five-day forecast.",
        inputSchema: { type: "object" },
      },
    });
    expect(text).toEqual({
      name: "get forecast daily Daily forecast",
      description: "Five-day forecast.",
      params: "",
      server: "acme weather mcp",
    });
  });
});

describe("parameterText", () => {
  it("collects names, descriptions, titles and enum values, nested ones too", () => {
    const text = parameterText({
      type: "object",
      properties: {
        cityName: { type: "string", description: "City to look up" },
        units: { type: "string", enum: ["metric", "imperial", 3] },
        options: {
          type: "object",
          title: "Extra options",
          properties: { includeHourly: { type: "boolean", description: "Hourly rows too" } },
        },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      },
    });
    expect(text.split("\n")).toEqual([
      "city name City to look up",
      "units metric imperial",
      "options Extra options",
      "tags a b",
      "include hourly Hourly rows too",
    ]);
  });

  it("looks through array items and anyOf branches", () => {
    const text = parameterText({
      type: "object",
      properties: {
        rows: { type: "array", items: { type: "object", properties: { rowId: { type: "string" } } } },
        target: {
          anyOf: [{ type: "object", properties: { fileId: { type: "string" } } }, { type: "string" }],
        },
      },
    });
    expect(text.split("\n")).toEqual(["rows", "target", "row id", "file id"]);
  });

  it("handles a missing schema and caps huge ones", () => {
    expect(parameterText(null)).toBe("");
    const properties = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [`field${i}`, { type: "string", description: "x".repeat(50) }]),
    );
    expect(parameterText({ type: "object", properties }).length).toBeLessThanOrEqual(4_000);
  });
});
