import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatJsonPath } from "./json-path.js";
import { closestMatch, editDistance } from "./suggest.js";

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["comand", "command", 1],
    ["kitten", "sitting", 3],
    ["abc", "", 3],
  ])("%j vs %j", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });

  it("is a metric: zero only on equal strings, symmetric, triangle inequality", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        (a, b, c) => {
          expect(editDistance(a, b) === 0).toBe(a === b);
          expect(editDistance(a, b)).toBe(editDistance(b, a));
          expect(editDistance(a, c)).toBeLessThanOrEqual(editDistance(a, b) + editDistance(b, c));
        },
      ),
    );
  });
});

describe("closestMatch", () => {
  const keys = ["command", "args", "env", "cwd", "url"];
  it.each([
    ["comand", "command"],
    ["cmd", "cwd"],
    ["argz", "args"],
    ["URL", undefined],
    ["z", undefined],
    ["colour", undefined],
  ])("%j → %j", (word, expected) => {
    expect(closestMatch(word, keys)).toBe(expected);
  });
});

describe("formatJsonPath", () => {
  it.each([
    [[], "$"],
    [["mcpServers", "x", "command"], "$.mcpServers.x.command"],
    [["mcpServers", "my server", "url"], '$.mcpServers["my server"].url'],
    [["agents", "a", "servers", 1], "$.agents.a.servers[1]"],
    [["$schema"], "$.$schema"],
    [["env", "my-var", 'q"uote'], '$.env["my-var"]["q\\"uote"]'],
  ])("%j → %s", (segments, expected) => {
    expect(formatJsonPath(segments)).toBe(expected);
  });
});
