import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { diffToolsBytes } from "./tools-diff.js";

const tool = (server: string, name: string, description = `${name} things`): ServerTool => ({
  server,
  tool: {
    name,
    description,
    inputSchema: { type: "object", properties: { q: { type: "string" } } },
  },
});

const catalogue = [tool("github", "search"), tool("github", "issue"), tool("docs", "fetch")];
const cached = { cacheControl: { type: "ephemeral" as const } };

describe("diffToolsBytes", () => {
  it("finds nothing between equal arrays, whatever order the servers listed them in", () => {
    const a = buildToolset(catalogue, "anthropic", cached);
    const b = buildToolset([...catalogue].reverse(), "anthropic", cached);
    expect(diffToolsBytes(a, b)).toBeUndefined();
  });

  it("names the server and tool whose definition changed, and which fields", () => {
    const before = buildToolset(catalogue, "anthropic", cached);
    const after = buildToolset(
      [
        tool("github", "search", "Search code, issues and pull requests"),
        tool("github", "issue"),
        tool("docs", "fetch"),
      ],
      "anthropic",
      cached,
    );
    const change = diffToolsBytes(before, after);
    expect(change?.changes).toEqual([
      { server: "github", tool: "search", kind: "changed", fields: ["description"] },
    ]);
    expect(change?.servers).toEqual(["github"]);
    expect(change?.summary).toBe("server `github`: `search` changed (description)");
    expect(change?.before).toBe(before.hash);
    expect(change?.after).toBe(after.hash);
  });

  it("reports an added tool, not the previously last tool whose cache_control marker moved", () => {
    const before = buildToolset(catalogue, "anthropic", cached);
    // "zz_new" sorts last, so it takes the marker from "github__search".
    const after = buildToolset([...catalogue, tool("github", "zz_new")], "anthropic", cached);
    expect(before.json).not.toBe(after.json);
    expect(diffToolsBytes(before, after)?.changes).toEqual([
      { server: "github", tool: "zz_new", kind: "added" },
    ]);
  });

  it("reports removals and additions across servers, sorted", () => {
    const before = buildToolset(catalogue, "openai-chat");
    const after = buildToolset(
      [tool("github", "search"), tool("docs", "fetch"), tool("slack", "post")],
      "openai-chat",
    );
    const change = diffToolsBytes(before, after);
    expect(change?.changes).toEqual([
      { server: "github", tool: "issue", kind: "removed" },
      { server: "slack", tool: "post", kind: "added" },
    ]);
    expect(change?.summary).toBe("server `github`: `issue` removed; server `slack`: `post` added");
  });

  it("works on Gemini's nested declarations", () => {
    const before = buildToolset(catalogue, "gemini");
    const after = buildToolset(
      [tool("github", "search"), tool("github", "issue", "Changed"), tool("docs", "fetch")],
      "gemini",
    );
    expect(diffToolsBytes(before, after)?.changes).toEqual([
      { server: "github", tool: "issue", kind: "changed", fields: ["description"] },
    ]);
  });

  it("property: the reported tools are exactly those whose description changed", () => {
    const names = ["a", "b", "c", "d", "e", "f"];
    fc.assert(
      fc.property(fc.subarray(names), (changed) => {
        const make = (edit: boolean) =>
          buildToolset(
            names.map((name) =>
              tool("s", name, edit && changed.includes(name) ? "edited" : `${name} things`),
            ),
            "anthropic",
            cached,
          );
        const change = diffToolsBytes(make(false), make(true));
        if (changed.length === 0) return change === undefined;
        return JSON.stringify(change?.changes.map((entry) => entry.tool)) === JSON.stringify(changed);
      }),
      { numRuns: 30 },
    );
  });
});
