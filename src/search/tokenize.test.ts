import { describe, expect, it } from "vitest";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import { splitIdentifier, tokenize, words } from "./tokenize.js";

describe("splitIdentifier", () => {
  it.each([
    ["getUserInfo", ["get", "user", "info"]],
    ["list_files", ["list", "files"]],
    ["maps.geocode", ["maps", "geocode"]],
    ["brave-web-search", ["brave", "web", "search"]],
    ["HTMLParser", ["html", "parser"]],
    ["parseHTMLDocument", ["parse", "html", "document"]],
    ["/v1/nutrition", ["v1", "nutrition"]],
    ["@0xzapata/firecrawl-mcp-server", ["0xzapata", "firecrawl", "mcp", "server"]],
    ["Search a Grocery", ["search", "a", "grocery"]],
    ["get__weather--now", ["get", "weather", "now"]],
  ])("%s → %j", (name, expected) => {
    expect(splitIdentifier(name)).toEqual(expected);
  });
});

describe("words", () => {
  it("keeps a camel-case word whole as well as its parts", () => {
    expect(words("Pay with PayPal", true)).toEqual(["pay", "with", "paypal", "pay", "pal"]);
    expect(words("Pay with PayPal", false)).toEqual(["pay", "with", "paypal"]);
  });

  it("folds accents and full-width forms", () => {
    expect(words("Café ＡＰＩ naïve", true)).toEqual(["cafe", "api", "naive"]);
  });

  it("splits scripts written without spaces into characters, keeping Latin runs whole", () => {
    expect(words("地图API接口", true)).toEqual(["地", "图", "api", "接", "口"]);
  });

  it("keeps non-Latin alphabetic words", () => {
    expect(words("Санкт-Петербург", true)).toEqual(["санкт", "петербург"]);
  });
});

describe("tokenize", () => {
  it("drops stop words before stemming", () => {
    const stem = (word: string) => (word.endsWith("s") ? word.slice(0, -1) : word);
    expect(tokenize("What is the weather in Paris", { stopWords: ENGLISH_STOP_WORDS, stem })).toEqual([
      "weather",
      "pari",
    ]);
  });

  it("returns nothing for punctuation-only text", () => {
    expect(tokenize(" -_./ ")).toEqual([]);
  });
});
