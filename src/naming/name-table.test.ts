import { describe, expect, it } from "vitest";
import { PROFILE_IDS, PROFILES } from "../providers/profiles.js";
import { buildNameTable } from "./name-table.js";
import { identityOf, sha256Hex } from "./short-hash.js";

const anthropic = PROFILES.anthropic.name;
const openai = PROFILES["openai-chat"].name;
const gemini = PROFILES.gemini.name;

const hashOf = (server: string, tool: string, digits = 8) =>
  sha256Hex(identityOf(server, tool)).slice(0, digits);
const codesOf = (table: ReturnType<typeof buildNameTable>, server: string, tool: string) =>
  table
    .entries()
    .find((e) => e.server === server && e.tool === tool)
    ?.warnings.map((w) => w.code);

describe("buildNameTable", () => {
  it("prefixes with the server and `__`, for every profile", () => {
    for (const id of PROFILE_IDS) {
      const table = buildNameTable([{ server: "tickets", tool: "search" }], PROFILES[id].name);
      expect(table.nameOf("tickets", "search"), id).toBe("tickets__search");
      expect(table.resolve("tickets__search"), id).toEqual({ server: "tickets", tool: "search" });
      expect(table.size).toBe(1);
      expect(table.warnings).toEqual([]);
    }
  });

  it("fits a 70-character OpenAI name to 64 with a hash of the exact pair, cutting the server part", () => {
    const server = "s".repeat(30);
    const tool = "t".repeat(38);
    const table = buildNameTable([{ server, tool }], openai);
    const name = table.nameOf(server, tool)!;
    // 64 = 15 server characters + "_" + 8 hash digits + "__" + the 38-character tool, whole.
    expect(name).toBe(`${server.slice(0, 15)}_${hashOf(server, tool)}__${tool}`);
    expect(name).toHaveLength(64);
    expect(table.resolve(name)).toEqual({ server, tool });
    expect(codesOf(table, server, tool)).toEqual(["name-truncated"]);
  });

  it("keeps every tool's name under a Cline-style server key too long for any provider", () => {
    const server = "github.com/modelcontextprotocol/servers/tree/main/src/filesystem";
    const tools = ["read_text_file", "list_directory_with_sizes", "move_file"];
    let shortened = 0;
    for (const id of PROFILE_IDS) {
      const rule = PROFILES[id].name;
      const table = buildNameTable(
        tools.map((tool) => ({ server, tool })),
        rule,
      );
      for (const tool of tools) {
        const name = table.nameOf(server, tool)!;
        expect(name, id).toMatch(new RegExp(rule.pattern));
        if (`${server}__${tool}`.length <= rule.maxLength) continue;
        expect(name, id).toMatch(new RegExp(`^github_com_\\w*_${hashOf(server, tool)}__${tool}$`));
        expect(name, id).toHaveLength(rule.maxLength);
        expect(codesOf(table, server, tool), id).toEqual(["name-chars-mapped", "name-truncated"]);
        shortened += 1;
      }
    }
    expect(shortened).toBeGreaterThan(0);
  });

  it("legalises josef.prochazka--webpage-singer for Anthropic and keeps it for Gemini", () => {
    const entries = [{ server: "josef.prochazka--webpage-singer", tool: "sing" }];
    const table = buildNameTable(entries, anthropic, { prefix: false });
    expect(table.nameOf("josef.prochazka--webpage-singer", "sing")).toBe("sing");
    const prefixed = buildNameTable(entries, anthropic);
    expect(prefixed.nameOf("josef.prochazka--webpage-singer", "sing")).toBe(
      "josef_prochazka--webpage-singer__sing",
    );
    expect(prefixed.warnings.map((w) => [w.code, w.server, w.tool, w.name])).toEqual([
      [
        "name-chars-mapped",
        "josef.prochazka--webpage-singer",
        "sing",
        "josef_prochazka--webpage-singer__sing",
      ],
    ]);
    expect(buildNameTable(entries, gemini).nameOf(entries[0]!.server, "sing")).toBe(
      "josef.prochazka--webpage-singer__sing",
    );
  });

  it("fixes a leading digit for Gemini only", () => {
    const entries = [{ server: "21st-dev", tool: "21st_magic_component_builder" }];
    expect(buildNameTable(entries, gemini).nameOf("21st-dev", "21st_magic_component_builder")).toBe(
      "_21st-dev__21st_magic_component_builder",
    );
    const bare = buildNameTable(entries, gemini, { prefix: false });
    expect(bare.nameOf("21st-dev", "21st_magic_component_builder")).toBe("_21st_magic_component_builder");
    expect(codesOf(bare, "21st-dev", "21st_magic_component_builder")).toEqual(["name-first-char-fixed"]);
    expect(buildNameTable(entries, anthropic, { prefix: false }).entries()[0]?.name).toBe(
      "21st_magic_component_builder",
    );
  });

  it("hashes EVERY member of an ambiguous-separator collision, each from its own pair", () => {
    const entries = [
      { server: "a__b", tool: "c" },
      { server: "a", tool: "b__c" },
      { server: "a.b", tool: "c" },
      { server: "a_b", tool: "c" },
      { server: "other", tool: "c" },
    ];
    const table = buildNameTable(entries, anthropic);
    expect(table.nameOf("a__b", "c")).toBe(`a__b__c_${hashOf("a__b", "c")}`);
    expect(table.nameOf("a", "b__c")).toBe(`a__b__c_${hashOf("a", "b__c")}`);
    expect(table.nameOf("a.b", "c")).toBe(`a_b__c_${hashOf("a.b", "c")}`);
    expect(table.nameOf("a_b", "c")).toBe(`a_b__c_${hashOf("a_b", "c")}`);
    expect(table.nameOf("other", "c")).toBe("other__c");
    expect(codesOf(table, "a.b", "c")).toEqual(["name-chars-mapped", "name-collision"]);
    expect(codesOf(table, "a_b", "c")).toEqual(["name-collision"]);
    expect(table.warnings.find((w) => w.server === "a_b")?.message).toContain('"a.b/c"');
    for (const { server, tool } of entries)
      expect(table.resolve(table.nameOf(server, tool)!)).toEqual({ server, tool });
  });

  it("gives a colliding pair the same name whoever else is in its group (not first-come-first-served)", () => {
    const two = buildNameTable(
      [
        { server: "a.b", tool: "c" },
        { server: "a_b", tool: "c" },
      ],
      anthropic,
    );
    const three = buildNameTable(
      [
        { server: "a:b", tool: "c" },
        { server: "a_b", tool: "c" },
        { server: "a.b", tool: "c" },
      ],
      anthropic,
    );
    expect(three.nameOf("a.b", "c")).toBe(two.nameOf("a.b", "c"));
    expect(three.nameOf("a_b", "c")).toBe(two.nameOf("a_b", "c"));
  });

  it("never lets a hashed name take a plain name: the hashed one lengthens its hash", () => {
    const squatter = { server: "a_b", tool: `c_${hashOf("a.b", "c")}` };
    const table = buildNameTable([{ server: "a.b", tool: "c" }, { server: "a-b", tool: "c" }, squatter], {
      ...anthropic,
      allowedChars: "a-zA-Z0-9_",
      pattern: "^[a-zA-Z0-9_]{1,128}$",
    });
    expect(table.nameOf(squatter.server, squatter.tool)).toBe(`a_b__c_${hashOf("a.b", "c")}`);
    expect(table.nameOf("a.b", "c")).toBe(`a_b__c_${hashOf("a.b", "c", 9)}`);
    expect(table.nameOf("a-b", "c")).toBe(`a_b__c_${hashOf("a-b", "c")}`);
    expect(new Set(table.entries().map((e) => e.name)).size).toBe(3);
  });

  it("uses aliases in names but the real server in lookups and hashes", () => {
    const table = buildNameTable(
      [
        { server: "github-enterprise-prod", tool: "create_issue" },
        { server: "toString", tool: "x" },
      ],
      anthropic,
      { aliases: { "github-enterprise-prod": "gh" } },
    );
    expect(table.nameOf("github-enterprise-prod", "create_issue")).toBe("gh__create_issue");
    expect(table.resolve("gh__create_issue")).toEqual({
      server: "github-enterprise-prod",
      tool: "create_issue",
    });
    expect(table.nameOf("toString", "x")).toBe("toString__x");
    const clash = buildNameTable(
      [
        { server: "gh", tool: "x" },
        { server: "github", tool: "x" },
      ],
      anthropic,
      { aliases: { github: "gh" } },
    );
    expect(clash.nameOf("gh", "x")).toBe(`gh__x_${hashOf("gh", "x")}`);
    expect(clash.nameOf("github", "x")).toBe(`gh__x_${hashOf("github", "x")}`);
    expect(
      buildNameTable([{ server: "s", tool: "t" }], anthropic, { aliases: { s: "my s" } }).nameOf("s", "t"),
    ).toBe("my_s__t");
  });

  it("legalises a custom separator like any other character", () => {
    const table = buildNameTable([{ server: "tickets", tool: "search" }], anthropic, { separator: "." });
    expect(table.nameOf("tickets", "search")).toBe("tickets_search");
    expect(buildNameTable([{ server: "tickets", tool: "search" }], gemini, { separator: "." }).size).toBe(1);
  });

  it("with prefix: false emits bare tool names and hashes a tool two servers share", () => {
    const table = buildNameTable(
      [
        { server: "one", tool: "search" },
        { server: "two", tool: "search" },
        { server: "two", tool: "list" },
        { server: "two", tool: "" },
      ],
      openai,
      { prefix: false },
    );
    expect(table.nameOf("two", "list")).toBe("list");
    expect(table.nameOf("one", "search")).toBe(`search_${hashOf("one", "search")}`);
    expect(table.nameOf("two", "search")).toBe(`search_${hashOf("two", "search")}`);
    expect(table.nameOf("two", "")).toBe(`_${hashOf("two", "")}`);
    expect(codesOf(table, "two", "")).toEqual(["name-empty"]);
  });

  it("merges exact duplicate pairs", () => {
    const table = buildNameTable(
      [
        { server: "s", tool: "t" },
        { server: "s", tool: "t" },
      ],
      anthropic,
    );
    expect(table.size).toBe(1);
    expect(table.nameOf("s", "t")).toBe("s__t");
    expect(table.warnings).toEqual([]);
  });

  it("resolves only names it emitted: never a prefixed, raw or unknown name", () => {
    const table = buildNameTable([{ server: "my.server", tool: "search" }], anthropic);
    expect(table.resolve("my_server__search")).toEqual({ server: "my.server", tool: "search" });
    expect(table.resolve("my.server__search")).toBeUndefined();
    expect(table.resolve("mcp__my_server__search")).toBeUndefined();
    expect(table.resolve("search")).toBeUndefined();
    expect(table.resolve("toString")).toBeUndefined();
    expect(table.nameOf("my.server", "nope")).toBeUndefined();
    expect(table.nameOf("nope", "search")).toBeUndefined();
  });

  it("sorts entries by emitted name and freezes them", () => {
    const table = buildNameTable(
      [
        { server: "b", tool: "z" },
        { server: "B", tool: "a" },
        { server: "a", tool: "y" },
      ],
      anthropic,
    );
    expect(table.entries().map((e) => e.name)).toEqual(["B__a", "a__y", "b__z"]);
    expect(Object.isFrozen(table.entries())).toBe(true);
    expect(Object.isFrozen(table.entries()[0])).toBe(true);
    expect(Object.isFrozen(table.warnings)).toBe(true);
  });
});
