import { describe, expect, it } from "vitest";
import { type CompleteFn, type CompletionCatalog, completeChatLine } from "./chat-completion.js";

const catalog: CompletionCatalog = {
  resources: [
    { server: "docs", uri: "file:///notes/a.md" },
    { server: "docs", uri: "file:///notes/b.md" },
  ],
  resourceTemplates: [{ server: "demo", uriTemplate: "demo://text/{id}" }],
  prompts: [{ server: "demo", name: "team", arguments: [{ name: "department" }, { name: "name" }] }],
};

const calls: unknown[] = [];
const complete: CompleteFn = async (server, ref, argument, other) => {
  calls.push({ server, ref, argument, other });
  if (argument.name === "id") return ["1", "12"].filter((value) => value.startsWith(argument.value));
  if (argument.name === "department")
    return ["Engineering", "Sales"].filter((value) => value.startsWith(argument.value));
  return other.department === "Engineering" ? ["Alice", "Bob"] : [];
};

describe("completeChatLine", () => {
  it("completes servers, listed resources and template values from the server", async () => {
    expect(await completeChatLine("see @d", catalog, complete)).toEqual([["@demo:", "@docs:"], "@d"]);
    expect(await completeChatLine("see @docs:file:///notes/a", catalog, complete)).toEqual([
      ["@docs:file:///notes/a.md"],
      "@docs:file:///notes/a",
    ]);
    expect(await completeChatLine("@demo:de", catalog, complete)).toEqual([
      ["@demo:demo://text/"],
      "@demo:de",
    ]);
    expect(await completeChatLine("@demo:demo://text/1", catalog, complete)).toEqual([
      ["@demo:demo://text/1", "@demo:demo://text/12"],
      "@demo:demo://text/1",
    ]);
  });

  it("completes commands, prompt argument names and values with the arguments already given", async () => {
    const [commands] = await completeChatLine("/", catalog, complete);
    expect(commands).toContain("/demo:team");
    expect(commands).toContain("/resources");
    expect(await completeChatLine("/demo:team d", catalog, complete)).toEqual([["department="], "d"]);
    expect(await completeChatLine("/demo:team department=En", catalog, complete)).toEqual([
      ["department=Engineering"],
      "department=En",
    ]);
    calls.length = 0;
    expect(await completeChatLine("/demo:team department=Engineering name=", catalog, complete)).toEqual([
      ["name=Alice", "name=Bob"],
      "name=",
    ]);
    expect(calls).toEqual([
      {
        server: "demo",
        ref: { type: "ref/prompt", name: "team" },
        argument: { name: "name", value: "" },
        other: { department: "Engineering" },
      },
    ]);
  });

  it("offers nothing when the server's completion fails", async () => {
    const failing: CompleteFn = async () => {
      throw new Error("boom");
    };
    expect(await completeChatLine("@demo:demo://text/1", catalog, failing)).toEqual([
      [],
      "@demo:demo://text/1",
    ]);
  });
});
