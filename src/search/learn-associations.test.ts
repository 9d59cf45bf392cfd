import { describe, expect, it } from "vitest";
import { countAssociations, learnAssociations, selectAssociations } from "./learn-associations.js";
import { DEFAULT_SEARCH_CONFIG, LEXICAL_SEARCH_CONFIG } from "./search-config.js";
import { associationExpansion } from "./term-associations.js";
import { createToolIndex } from "./tool-index.js";

const tool = (server: string, name: string, description: string) => ({
  server,
  tool: { name, description, inputSchema: { type: "object", properties: {} } },
});
const recipes = tool("food", "find_recipes", "Search cooking recipes by ingredient");
const menus = tool("diner", "menu_ideas", "Recipes and cooking ideas for dinner");
const weather = tool("sky", "forecast", "Weather forecast for a city");
const options = { minCount: 2, minTools: 2, topK: 2, minPmi: 0 };
const { tokenize } = DEFAULT_SEARCH_CONFIG;

const examples = [
  { query: "plan a meal with beef", tools: [recipes] },
  { query: "a meal for tonight", tools: [menus] },
  { query: "meal ideas with salmon", tools: [recipes] },
  { query: "will it rain in Paris", tools: [weather] },
  { query: "rain tomorrow in Oslo", tools: [weather] },
];

describe("term associations", () => {
  it("relate a query word to the words of the tools it asked for, across at least minTools tools", () => {
    const table = new Map(learnAssociations(examples, options, tokenize));
    // "meal" met recipes and menus: words both describe ("recipe", "cook") qualify, as surface words.
    expect(table.get("meal")).toEqual(["cooking", "recipes"]);
    // "rain" only ever met one tool: its words could be that tool's own name, so nothing is kept.
    expect(table.has("rain")).toBe(false);
    expect(new Map(learnAssociations(examples, { ...options, minTools: 1 }, tokenize)).get("rain")).toEqual([
      "city",
      "forecast",
    ]);
  });

  it("minCount drops pairs seen in too few queries; counting once serves several selections", () => {
    const counts = countAssociations(examples, tokenize);
    expect(selectAssociations(counts, { ...options, minCount: 4 })).toEqual([]);
    expect(selectAssociations(counts, options)).toEqual(learnAssociations(examples, options, tokenize));
  });

  it("is deterministic whatever the order of the examples", () => {
    const reversed = [...examples].reverse();
    expect(learnAssociations(reversed, options, tokenize)).toEqual(
      learnAssociations(examples, options, tokenize),
    );
  });

  it("as an expansion, a learned word reaches a tool the query's own words miss", () => {
    const table = learnAssociations(examples, options, tokenize);
    const catalogue = [tool("kitchen", "search_cookbook", "Find cooking recipes"), weather];
    const plain = createToolIndex(catalogue, LEXICAL_SEARCH_CONFIG);
    expect(plain.search("meal", 5)).toEqual([]);
    const expanded = createToolIndex(catalogue, {
      ...LEXICAL_SEARCH_CONFIG,
      expansions: [associationExpansion(table, 0.3, tokenize)],
    });
    expect(expanded.search("meal", 5).map((hit) => hit.tool)).toEqual(["search_cookbook"]);
  });

  it("with maxShare 0, only a word no indexed tool uses is expanded", () => {
    const table: [string, string[]][] = [
      ["meal", ["recipes"]],
      ["forecast", ["recipes"]],
    ];
    const catalogue = [tool("kitchen", "search_cookbook", "Find cooking recipes"), weather];
    const index = createToolIndex(catalogue, {
      ...LEXICAL_SEARCH_CONFIG,
      expansions: [associationExpansion(table, 0.3, tokenize, 0)],
    });
    expect(index.search("meal", 5).map((hit) => hit.tool)).toEqual(["search_cookbook"]);
    // "forecast" finds its tool already, so its association is not added.
    expect(index.search("forecast", 5).map((hit) => hit.tool)).toEqual(["forecast"]);
  });
});
