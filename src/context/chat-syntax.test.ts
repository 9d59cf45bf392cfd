import { describe, expect, it } from "vitest";
import { parseMentions, parsePromptCommand, splitWords } from "./chat-syntax.js";

describe("chat syntax", () => {
  it("finds @server:uri mentions with their positions, ignoring e-mail-like text and trailing punctuation", () => {
    const line = "read @docs:file:///a/b.md, then @everything:demo://x/1. mail me@host.com";
    const mentions = parseMentions(line);
    expect(mentions.map(({ server, uri }) => ({ server, uri }))).toEqual([
      { server: "docs", uri: "file:///a/b.md" },
      { server: "everything", uri: "demo://x/1" },
    ]);
    const first = mentions[0]!;
    expect(line.slice(first.start, first.end)).toBe("@docs:file:///a/b.md");
  });

  it("parses /server:prompt with quoted values and reports stray words", () => {
    expect(parsePromptCommand('/everything:args-prompt city=Paris state="Ile de France" oops')).toEqual({
      server: "everything",
      prompt: "args-prompt",
      arguments: { city: "Paris", state: "Ile de France" },
      stray: ["oops"],
    });
    expect(parsePromptCommand("/tools")).toBeUndefined();
    expect(parsePromptCommand("hello")).toBeUndefined();
  });

  it("splits words like a shell (quotes group, backslash escapes inside quotes, empty quotes are a word)", () => {
    expect(splitWords(`a "b c" 'd"e' "f\\"g" ""`)).toEqual(["a", "b c", 'd"e', 'f"g', ""]);
  });
});
